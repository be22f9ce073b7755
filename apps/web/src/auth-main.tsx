import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthApp, startAuthNavigation } from '@/features/auth';
import { checkSession } from '@/lib/auth';
import { runStorageMigrations, takeSignInNotice } from '@/lib/storage';
import './styles.css';

// The entry of auth.html, the public auth screens: React and these screens only, no router and none
// of the signed-in app, so the sign-in form paints without waiting for the app's code (main.tsx).
// Before the first render: move legacy storage keys once, then restore the session from storage.
runStorageMigrations();
checkSession();

if (startAuthNavigation()) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AuthApp notice={takeSignInNotice()} />
    </StrictMode>,
  );
}
