import { createFileRoute, notFound } from '@tanstack/react-router';
import { HelpArticlePage } from '@/features/help-center';

export const Route = createFileRoute('/_authenticated/help-center/$slug')({
  // The articles load with the page chunk, not the app's first bundle; an unknown slug is the not-found page.
  loader: async ({ params }) => {
    const { findHelpArticle } = await import('@/components/help-articles');
    const article = findHelpArticle(params.slug);
    if (!article) throw notFound();
    return article;
  },
  component: function HelpArticleRoute() {
    return <HelpArticlePage article={Route.useLoaderData()} />;
  },
});
