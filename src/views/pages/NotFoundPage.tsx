import { css } from 'styled-system/css';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';

export function NotFoundPage() {
  return (
    <Page title="Page Not Found">
      <div className={css({ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '4xl' }, color: 'accent' })}>404 - Page Not Found</h1>
        <img src="/media/soup.svg" alt="An empty soup bowl with a spoon" width={260} height={200} />
        <p className={css({ fontSize: 'lg', maxW: '50ch' })}>
          Looks like this page is in the soup! We stirred the whole pot and found nothing but broth. Let&apos;s get you back to the main course.
        </p>
        <ButtonLink href="/" variant="solidGreen">
          Homepage
        </ButtonLink>
      </div>
    </Page>
  );
}
