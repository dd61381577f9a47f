import '@fontsource/cinzel/400.css';
import '@fontsource/cinzel/700.css';
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { navigate } from 'wouter/use-browser-location';
import { setAsideTitle } from './domain/dataNames';
import { onSetAside } from './storage/recovered';
import { routes } from './views/shell/routes';
import { notify } from './views/shell/toaster';

onSetAside((batch) =>
  notify({
    type: 'warning',
    title: setAsideTitle(batch),
    description: 'It was set aside so nothing is lost, and everything else is shown. Review it to fix and put it back.',
    duration: 10000,
    action: { label: 'Review', onClick: () => navigate(routes.recovered) },
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
