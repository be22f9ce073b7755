export { AuthApp } from './auth-app';
export { startAuthNavigation } from './navigation';
