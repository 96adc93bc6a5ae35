import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/app-providers.tsx';
import { AppServices } from './app/app-services.tsx';
import { AppRoutes } from './app/app-routes.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles/tokens.css';
import './styles/global.css';

const root = document.getElementById('main');
if (!root) throw new Error('the page has no #main element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={createQueryClient()}>
        <AppServices />
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
