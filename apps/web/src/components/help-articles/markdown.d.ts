declare module '*.md' {
  const article: import('../../../build/help-articles').HelpArticleModule;
  export default article;
}
