import '@fontsource/cinzel/400.css';
import '@fontsource/cinzel/700.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { onCorruptValue } from './storage/store';
import { notify } from './views/shell/toaster';

onCorruptValue((report) =>
  notify({
    type: 'warning',
    title: `Some saved ${report.key} data could not be read`,
    description: report.backupKey
      ? `It was kept aside as "${report.backupKey}" and the page started from empty ${report.key}.`
      : `It could not be backed up, so it was left in place and will not be overwritten.`,
    duration: 10000,
  }),
);

const rootElement = document.getElementById('root');
if (!rootElement) {
  console.error('No root element found');
} else {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
