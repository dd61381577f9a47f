import { css } from 'styled-system/css';
import { tutorialVideos } from '../../content/site';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { VideoPoster } from '../components/VideoPoster';

export function TutorialsPage() {
  return (
    <Page title="Learn" heading="Learn the ropes">
      <p className={css({ mb: '6', maxW: '70ch' })}>
        Four short videos take you through each part of Cater Captain. They load only when you press play.
      </p>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' },
          gap: '8',
          mb: '10',
        })}
      >
        {tutorialVideos.map((video) => (
          <VideoPoster key={video.title} {...video} />
        ))}
      </div>
      <ButtonLink href="/signup" variant="solidRed">
        Join The Crew
      </ButtonLink>
    </Page>
  );
}
