import { css } from 'styled-system/css';
import { maxLengths, profileLabels, type ProfileField } from '../../domain/businessProfile';
import { Button } from '../components/Button';
import { DraftNote } from '../components/DraftNote';
import { errorText, fieldBox, inputStyle, labelText, TextField } from '../components/fields';
import { useUnsavedChanges } from '../shell/unsaved';
import { useSettings } from '../../app/settings/useSettings';

const form = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  p: { base: '4', md: '6' },
  maxW: '900px',
});
const full = css({ gridColumn: '1 / -1' });
const textarea = css({ minH: '24', resize: 'vertical' });
const hint = css({ color: 'fgMuted', fontSize: 'sm' });
const logoRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', minW: 0, maxW: '100%' });
const logoImage = css({
  maxH: '20',
  maxW: '60',
  objectFit: 'contain',
  bg: 'white',
  p: '1',
  border: '1px solid',
  borderColor: 'border',
});
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
// The browser's own "Choose File" button, drawn as the app's small outline button: the CSS reset leaves it with
// no border or padding, so its words ran into "No file chosen" as one line of text.
const fileInput = css({
  maxW: '100%',
  minW: 0,
  overflow: 'hidden',
  fontSize: 'sm',
  _file: {
    fontFamily: 'heading',
    fontWeight: 'bold',
    fontSize: '16px',
    lineHeight: '1.2',
    minH: '8',
    px: '3',
    py: '1',
    mr: '3',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'secondary',
    bg: 'transparent',
    color: 'secondary',
    cursor: 'pointer',
    _hover: { bg: 'secondary', color: 'onSolid' },
  },
});
const saved = css({ fontWeight: 'bold', color: 'primary' });

type TextFieldName = Exclude<ProfileField, 'logo' | 'address' | 'paymentTerms'>;
const textFields: Array<{
  name: TextFieldName;
  type?: string;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric';
  hint?: string;
}> = [
  { name: 'businessName', autoComplete: 'organization' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'taxNumber' },
  { name: 'taxName', hint: 'What your tax is called on quotes and invoices, e.g. HST.' },
  { name: 'depositPercent', inputMode: 'decimal', hint: 'The share of an event total asked as a deposit.' },
  { name: 'balanceDays', inputMode: 'numeric', hint: 'The balance falls due this many days before the event.' },
];

/** Business Settings (issue 22, part 1): the business profile used on order lists, supplier e-mails, quotes and invoices. */
export function SettingsForm() {
  const settings = useSettings();
  useUnsavedChanges(settings.dirty);
  const area = (name: 'address' | 'paymentTerms', rows: number) => (
    <div className={`${fieldBox} ${full}`}>
      <label htmlFor={`settings-${name}`} className={labelText}>
        {profileLabels[name]}
      </label>
      <textarea
        id={`settings-${name}`}
        className={`${inputStyle} ${textarea}`}
        rows={rows}
        value={settings.values[name]}
        maxLength={maxLengths[name]}
        onChange={(e) => settings.change(name, e.target.value)}
        aria-invalid={settings.errors[name] ? true : undefined}
        aria-describedby={settings.errors[name] ? `settings-${name}-error` : undefined}
      />
      {settings.errors[name] ? (
        <span id={`settings-${name}-error`} className={errorText}>
          {settings.errors[name]}
        </span>
      ) : null}
    </div>
  );
  return (
    <>
      {settings.draftRestored ? <DraftNote onDiscard={settings.discardDraft} /> : null}
      <p className={css({ mb: '4', maxW: '70ch' })}>
        Your business as it appears on order lists, supplier e-mails, quotes and invoices, and the deposit and balance
        rules new events start from.
      </p>
      <form
        className={form}
        aria-label="Business Settings"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          settings.save();
        }}
      >
        {textFields.map((f) => (
          <TextField
            key={f.name}
            id={`settings-${f.name}`}
            label={profileLabels[f.name]}
            value={settings.values[f.name]}
            error={settings.errors[f.name]}
            hint={f.hint}
            type={f.type}
            inputMode={f.inputMode}
            autoComplete={f.autoComplete}
            maxLength={maxLengths[f.name]}
            required={f.name === 'businessName'}
            onValue={(value) => settings.change(f.name, value)}
          />
        ))}
        {area('address', 3)}
        <div className={`${fieldBox} ${full}`}>
          <label htmlFor="settings-logo" className={labelText}>
            {profileLabels.logo}
          </label>
          <span id="settings-logo-hint" className={hint}>
            An image file of 100 KB or less (PNG, JPEG, GIF, WebP or SVG), kept in this browser.
          </span>
          <div className={logoRow}>
            {settings.hasLogo ? <img src={settings.values.logo} alt="Your logo" className={logoImage} /> : null}
            <input
              id="settings-logo"
              className={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
              aria-describedby={`settings-logo-hint${settings.errors.logo ? ' settings-logo-error' : ''}`}
              aria-invalid={settings.errors.logo ? true : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) settings.chooseLogoFile(file);
                e.target.value = '';
              }}
            />
            {settings.hasLogo ? (
              <Button variant="outlineRed" size="sm" onClick={settings.removeLogo}>
                Remove logo
              </Button>
            ) : null}
          </div>
          {settings.errors.logo ? (
            <span id="settings-logo-error" className={errorText}>
              {settings.errors.logo}
            </span>
          ) : null}
        </div>
        {area('paymentTerms', 4)}
        <div className={`${actions} ${full}`}>
          <Button type="submit" disabled={settings.saving}>
            Save
          </Button>
          <span role="status" className={saved}>
            {settings.justSaved ? 'Saved.' : ''}
          </span>
          {settings.saveError ? (
            <span role="alert" className={errorText}>
              {settings.saveError}
            </span>
          ) : null}
        </div>
      </form>
    </>
  );
}
