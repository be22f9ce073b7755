export { HelpCenterPage } from './help-center-page';
export { HelpArticlePage } from './article-page';
