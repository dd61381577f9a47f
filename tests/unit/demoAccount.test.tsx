import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL as SERVER_DEMO_EMAIL, DEMO_PASSWORD as SERVER_DEMO_PASSWORD } from '../../server/auth/index.ts';
import { DemoAccount } from '../../src/views/auth/DemoAccount';

describe('the login page demo account box', () => {
  const html = renderToStaticMarkup(<DemoAccount />);
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('shows the credentials the server seeds', () => {
    expect(text).toContain('Demo account credentials:');
    expect(text).toContain(`Email: ${SERVER_DEMO_EMAIL}`);
    expect(text).toContain(`Password: ${SERVER_DEMO_PASSWORD}`);
  });

  it('says the shared account cannot be changed, deleted or recovered', () => {
    expect(text).toContain(
      'This account is shared by everyone: its password, e-mail and details cannot be changed, and it cannot be deleted or recovered.',
    );
  });
});
