import { css } from 'styled-system/css';
import { Button } from './Button';

const note = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  bg: 'surfaceRaised',
  color: 'fg',
  borderWidth: '2px',
  borderColor: 'secondary',
  px: '3',
  py: '2',
  mb: '3',
});

/** Issue 25: a form's values came back from its saved draft; Discard draft empties the form. */
export function DraftNote({
  onDiscard,
  what = 'Your unsaved typing is back.',
}: {
  onDiscard: () => void;
  what?: string;
}) {
  return (
    <div role="status" className={note}>
      <span>
        <strong>Draft restored.</strong> {what}
      </span>
      <Button variant="outlineRed" size="sm" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}
