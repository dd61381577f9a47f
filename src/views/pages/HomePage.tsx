import { css } from 'styled-system/css';
import { demoVideo } from '../../content/site';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { Reveal } from '../components/Reveal';
import { VideoPoster } from '../components/VideoPoster';

const blurbs = [
  {
    title: 'Plan every event',
    icon: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
    text: 'Capture the customer, venue, guests and timings of each event, then filter by today, this week, next month or any date range.',
  },
  {
    title: 'Keep inventory shipshape',
    icon: 'M3 8l9-5 9 5v9l-9 5-9-5zM3 8l9 5 9-5M12 13v9',
    text: 'Track what is on hand, drag items into your own order, and see at a glance what has fallen to its re-order level.',
  },
  {
    title: 'Know your suppliers',
    icon: 'M2 6h12v10H2zM14 10h4l3 3v3h-7M6 19a2 2 0 1 0 0-.01M18 19a2 2 0 1 0 0-.01',
    text: 'Keep contacts and contract dates together; supplier names flow straight into your inventory and ingredients.',
  },
  {
    title: 'Export your data tables',
    icon: 'M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-8',
    text: 'Download upcoming events, items to order or any collection as JSON or spreadsheet-safe CSV, made right in your browser.',
  },
  {
    title: 'Manage your crew',
    icon: 'M7 10a3 3 0 1 1 2-5 3 3 0 0 1 6 0 3 3 0 1 1 2 5v4H7zM7 17h10M9 14v6M15 14v6',
    text: 'Cooks, servers, managers and chefs: full-time or part-time, with contact details and start dates.',
  },
  {
    title: 'A tool kit for each event',
    icon: 'M3 9h18v11H3zM8 9V5h8v4M3 14h18',
    text: 'Ingredients from inventory or specialty orders, the menu, notes, pricing with discount and tax, and a picture for the event.',
  },
];

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  gap: '6',
  my: '10',
});
const card = css({
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  borderTopWidth: '6px',
  borderTopColor: 'secondary',
  p: '6',
  height: '100%',
});

export function HomePage() {
  return (
    <Page title="Home">
      <section
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: '1.1fr 1fr' },
          gap: '8',
          alignItems: 'center',
        })}
      >
        <div>
          <h1 className={css({ fontSize: { base: '3xl', md: '5xl' }, color: 'primary', mb: '4' })}>Cater Captain</h1>
          <p className={css({ fontSize: { base: 'lg', md: 'xl' }, mb: '6' })}>
            Take the helm of your catering business: events, inventory and re-ordering, suppliers, your crew, and a tool
            kit for every event, all in one place.
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
              <svg
                aria-hidden="true"
                width="40"
                height="40"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                className={css({ color: 'primary' })}
              >
                <path d={blurb.icon} />
              </svg>
              <h3 className={css({ fontSize: 'xl', my: '2', color: 'secondary' })}>{blurb.title}</h3>
              <p>{blurb.text}</p>
            </article>
          </Reveal>
        ))}
      </div>
      <section
        className={css({ textAlign: 'center', bg: 'surface', borderWidth: '2px', borderColor: 'primary', p: '8' })}
      >
        <h2 className={css({ fontSize: '2xl', mb: '3' })}>Ready to set sail?</h2>
        <p className={css({ mb: '5' })}>Create an account in seconds, or try the demo account from the login page.</p>
        <ButtonLink href="/signup" variant="solidRed">
          Sign Up Now
        </ButtonLink>
      </section>
    </Page>
  );
}
