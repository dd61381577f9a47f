/**
 * Operator-editable content: the About page links and the videos.
 * Change these without touching any component.
 */
import { tutorialMedia } from './tutorialMedia';

export const aboutLinks = {
  game: { label: 'Play the Galley Run game', href: 'https://example.com/cater-captain/game' },
  profile: { label: "The developer's professional profile", href: 'https://www.linkedin.com/' },
  repository: { label: 'The code repository', href: 'https://github.com/' },
};

export interface VideoContent {
  title: string;
  /** Poster image, shown until play is pressed. */
  poster: string;
  /**
   * What plays. A path on this site (the recordings in public/media/tutorials, made by `npm run videos`)
   * plays in the page's own video player with `captions` (WebVTT). An external address (https://…) is
   * treated as an embeddable player page and inserted as a frame, only after play is pressed; allow its
   * host in the server's Content-Security-Policy (frame-src).
   */
  src: string;
  /** WebVTT captions for a video file on this site. */
  captions?: string;
}

export const demoVideo: VideoContent = { title: 'Cater Captain overview', ...tutorialMedia.overview };

export const tutorialVideos: VideoContent[] = [
  { title: 'Event Management', ...tutorialMedia.events },
  { title: 'Inventory', ...tutorialMedia.inventory },
  { title: 'Employees & Suppliers', ...tutorialMedia.crew },
  { title: 'Dashboard', ...tutorialMedia.dashboard },
];
