export function SiteFooter(_props: { newsletterEmbedUrl: string }) {
  return <footer />;
}
