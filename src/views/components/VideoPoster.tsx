import { useState } from 'react';
import { css } from 'styled-system/css';

export interface VideoPosterProps {
  title: string;
  /** Poster image shipped with the app. */
  poster: string;
  /** Embed URL, only inserted after a click. */
  embedUrl: string;
}

const frame = css({ position: 'relative', aspectRatio: '16 / 9', width: '100%', bg: 'surfaceRaised', borderWidth: '2px', borderColor: 'border' });
const fill = css({ position: 'absolute', inset: '0', width: '100%', height: '100%', border: '0', objectFit: 'cover' });
const play = css({
  position: 'absolute',
  inset: '0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bg: 'transparent',
  border: 'none',
  cursor: 'pointer',
  '& span': { bg: 'accent', color: 'onSolid', width: '72px', height: '72px', display: 'grid', placeItems: 'center', fontSize: '2xl', borderRadius: 'full', boxShadow: 'lg' },
  _hover: { '& span': { transform: 'scale(1.08)' } },
});

/** A poster with a play button; the (external) player frame costs nothing until asked for. */
export function VideoPoster({ title, poster, embedUrl }: VideoPosterProps) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure className={css({ m: 0 })}>
      <div className={frame}>
        {playing ? (
          <iframe className={fill} src={`${embedUrl}?autoplay=1`} title={title} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
        ) : (
          <>
            <img className={fill} src={poster} alt="" loading="lazy" />
            <button type="button" className={play} onClick={() => setPlaying(true)} aria-label={`Play video: ${title}`}>
              <span aria-hidden="true">▶</span>
            </button>
          </>
        )}
      </div>
      <figcaption className={css({ fontFamily: 'heading', fontWeight: 'bold', mt: '2' })}>{title}</figcaption>
    </figure>
  );
}
