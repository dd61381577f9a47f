import { useState } from 'react';
import { css } from 'styled-system/css';
import { useHydrated } from '../shell/hydration';
import type { VideoContent } from '../../content/site';

const frame = css({
  position: 'relative',
  aspectRatio: '16 / 9',
  width: '100%',
  bg: 'surfaceRaised',
  borderWidth: '2px',
  borderColor: 'border',
});
const fill = css({ position: 'absolute', inset: '0', width: '100%', height: '100%', border: '0', objectFit: 'cover' });
const player = css({
  position: 'absolute',
  inset: '0',
  width: '100%',
  height: '100%',
  bg: 'black',
  objectFit: 'contain',
});
const play = css({
  position: 'absolute',
  inset: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'transparent',
  border: 'none',
  cursor: 'pointer',
  '& span': {
    bg: 'accent',
    color: 'onSolid',
    width: '72px',
    height: '72px',
    display: 'grid',
    placeItems: 'center',
    fontSize: '2xl',
    borderRadius: 'full',
    boxShadow: 'lg',
  },
  _hover: { '& span': { transform: 'scale(1.08)' } },
  _disabled: { cursor: 'progress' },
});

const isExternal = (src: string) => /^https?:\/\//i.test(src);

/**
 * A poster with a play button: no video bytes are fetched until it is pressed. A video shipped with the
 * app then plays in the page's own player with English captions; an external address is inserted as a
 * player frame, as before. Prerendered, the button is on screen before the app has started: it is
 * disabled until then, so a press is never silently lost.
 */
export function VideoPoster({ title, poster, src, captions }: VideoContent) {
  const [playing, setPlaying] = useState(false);
  const started = useHydrated();
  let content;
  if (!playing) {
    content = (
      <>
        <img className={fill} src={poster} alt="" loading="lazy" />
        <button
          type="button"
          className={play}
          disabled={!started}
          onClick={() => setPlaying(true)}
          aria-label={`Play video: ${title}`}
        >
          <span aria-hidden="true">▶</span>
        </button>
      </>
    );
  } else if (isExternal(src)) {
    content = (
      <iframe
        className={fill}
        src={`${src}${src.includes('?') ? '&' : '?'}autoplay=1`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  } else {
    content = (
      // Focus moves to the player so keyboard users keep their place once the button is gone.
      <video
        className={player}
        ref={(el) => el?.focus()}
        controls
        autoPlay
        playsInline
        preload="none"
        poster={poster}
        aria-label={title}
      >
        <source src={src} type="video/webm" />
        {captions ? <track kind="captions" srcLang="en" label="English" src={captions} default /> : null}
      </video>
    );
  }
  return (
    <figure className={css({ m: 0 })}>
      <div className={frame}>{content}</div>
      <figcaption className={css({ fontFamily: 'heading', fontWeight: 'bold', mt: '2' })}>{title}</figcaption>
    </figure>
  );
}
