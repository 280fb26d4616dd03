// The body of an article: HTML the server rendered from Markdown (or built from escaped figures) and passed through
// its allow-list (apps/server/src/modules/content/articles/render.ts). This is the one place of the web app that
// renders HTML: never user text (UserText does that), only server-sanitised article HTML.
export function ArticleBody({ html }: { html: string }) {
  // server-sanitised article HTML only (see the head of this file)
  return <div className="article-body" data-testid="article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
