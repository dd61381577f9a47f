import { css } from 'styled-system/css';

export const DEMO_EMAIL = 'demo@catercaptain.com';
export const DEMO_PASSWORD = 'democatercaptain';
/** The server refuses the same changes (403 demo_account_read_only, server/auth/routes.ts). */
export const DEMO_READ_ONLY_NOTE =
  'This account is shared by everyone: its password, e-mail and details cannot be changed, and it cannot be deleted or recovered.';

/** The login page's demo account box: the public credentials and what cannot be done with them. */
export function DemoAccount() {
  return (
    <section
      aria-labelledby="demo-heading"
      className={css({ bg: 'surface', borderWidth: '2px', borderColor: 'secondary', p: '4', mb: '4' })}
    >
      <h2 id="demo-heading" className={css({ fontSize: 'lg', mb: '2' })}>
        Demo account credentials:
      </h2>
      <p>
        Email: <strong>{DEMO_EMAIL}</strong>
      </p>
      <p>
        Password: <strong>{DEMO_PASSWORD}</strong>
      </p>
      <p className={css({ mt: '2' })}>{DEMO_READ_ONLY_NOTE}</p>
    </section>
  );
}
