import { css } from 'styled-system/css';
import { demoVideo } from '../../content/site';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { Reveal } from '../components/Reveal';
import { VideoPoster } from '../components/VideoPoster';

const blurbs = [
  { title: 'Plan every event', icon: '🗓️', text: 'Capture the customer, venue, guests and timings of each event, then filter by today, this week, next month or any date range.' },
  { title: 'Keep inventory shipshape', icon: '📦', text: 'Track what is on hand, drag items into your own order, and see at a glance what has fallen to its re-order level.' },
  { title: 'Know your suppliers', icon: '🚚', text: 'Keep contacts and contract dates together; supplier names flow straight into your inventory and ingredients.' },
  { title: 'Export your data tables', icon: '📊', text: 'Download upcoming events, items to order or any collection as JSON or spreadsheet-safe CSV, made right in your browser.' },
  { title: 'Manage your crew', icon: '🧑‍🍳', text: 'Cooks, servers, managers and chefs: full-time or part-time, with contact details and start dates.' },
  { title: 'A tool kit for each event', icon: '🧰', text: 'Ingredients from inventory or specialty orders, the menu, notes, pricing with discount and tax, and a picture for the event.' },
];

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '6', my: '10' });
const card = css({ bg: 'surface', borderWidth: '2px', borderColor: 'border', borderTopWidth: '6px', borderTopColor: 'secondary', p: '6', height: '100%' });

export function HomePage() {
  return (
    <Page title="Home">
      <section className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1.1fr 1fr' }, gap: '8', alignItems: 'center' })}>
        <div>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, color: 'primary', mb: '4' })}>Cater Captain</h1>
          <p className={css({ fontSize: { base: 'lg', md: 'xl' }, mb: '6' })}>
            Take the helm of your catering business: events, inventory and re-ordering, suppliers, your crew, and a tool kit for every event, all in one
            place.
          </p>
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <ButtonLink href="/signup" variant="solidGreen">
              Get Started
            </ButtonLink>
            <ButtonLink href="/tutorials" variant="outlineBlue">
              Learn
            </ButtonLink>
          </div>
        </div>
        <VideoPoster {...demoVideo} />
      </section>
      <h2 className={css({ fontSize: '2xl', mt: '14', textAlign: 'center' })}>Everything on one deck</h2>
      <div className={grid}>
        {blurbs.map((blurb) => (
          <Reveal key={blurb.title}>
            <article className={card}>
              <div aria-hidden="true" className={css({ fontSize: '3xl' })}>
                {blurb.icon}
              </div>
              <h3 className={css({ fontSize: 'xl', my: '2', color: 'secondary' })}>{blurb.title}</h3>
              <p>{blurb.text}</p>
            </article>
          </Reveal>
        ))}
      </div>
      <section className={css({ textAlign: 'center', bg: 'surface', borderWidth: '2px', borderColor: 'primary', p: '8' })}>
        <h2 className={css({ fontSize: '2xl', mb: '3' })}>Ready to set sail?</h2>
        <p className={css({ mb: '5' })}>Create an account in seconds, or try the demo account from the login page.</p>
        <ButtonLink href="/signup" variant="solidRed">
          Sign Up Now
        </ButtonLink>
      </section>
    </Page>
  );
}
