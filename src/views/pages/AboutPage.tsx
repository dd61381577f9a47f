import { css } from 'styled-system/css';
import { aboutLinks } from '../../content/site';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';

const section = css({
  mb: '8',
  maxW: '75ch',
  '& h2': { fontSize: 'xl', color: 'secondary', mb: '2' },
  '& p': { mb: '3' },
});

export function AboutPage() {
  return (
    <Page title="About" heading="About Cater Captain">
      <section className={section}>
        <h2>The story</h2>
        <p>
          Cater Captain began in a small catering kitchen where events lived on sticky notes, stock counts lived in a
          spreadsheet and supplier numbers lived in someone&apos;s phone. It brings them onto one deck: plan events,
          keep inventory and re-ordering under control, and build a tool kit for every event.
        </p>
      </section>
      <section className={section}>
        <h2>How it is built</h2>
        <p>
          Every flow of the app (signing in, the event form, the tool kit panels, pricing, the inventory board and
          exports) is an explicit statechart written with XState. The diagrams are generated from the code, and
          model-based tests walk every transition.
        </p>
        <p>
          Your business data is local-first: it stays in this browser&apos;s storage, checked against a schema on every
          read, and is never sent to a server. Only signing in talks to a server: an embedded auth server that speaks
          the Supabase Auth protocol, so a business that outgrows one machine can point the same app at a hosted
          Supabase project.
        </p>
      </section>
      <section className={section}>
        <h2>Links</h2>
        <ul className={css({ listStyle: 'disc', pl: '6', '& li': { mb: '1' } })}>
          {Object.values(aboutLinks).map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noreferrer noopener">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <ButtonLink href="/signup" variant="solidGreen">
          Get Started
        </ButtonLink>
        <ButtonLink href="/get-started-at-sea" variant="outlineRed">
          Get Started
        </ButtonLink>
      </div>
    </Page>
  );
}
