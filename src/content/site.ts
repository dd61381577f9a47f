/**
 * Operator-editable content: the About page links and the hosted videos.
 * Change these without touching any component.
 */
export const aboutLinks = {
  game: { label: 'Play the Galley Run game', href: 'https://example.com/cater-captain/game' },
  profile: { label: "The developer's professional profile", href: 'https://www.linkedin.com/' },
  repository: { label: 'The code repository', href: 'https://github.com/' },
};

export interface VideoContent {
  title: string;
  poster: string;
  embedUrl: string;
}

export const demoVideo: VideoContent = {
  title: 'Cater Captain demo',
  poster: '/media/poster-demo.svg',
  embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
};

export const tutorialVideos: VideoContent[] = [
  { title: 'Event Management', poster: '/media/poster-events.svg', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
  { title: 'Inventory', poster: '/media/poster-inventory.svg', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
  { title: 'Employees & Suppliers', poster: '/media/poster-crew.svg', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
  { title: 'Dashboard', poster: '/media/poster-dashboard.svg', embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
];
