import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ListPages } from "~/components/list-pages";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import type { InsightListResponse, InsightPost } from "../schema";
import { InsightCards } from "./insight-cards";

async function fetchInsights(page: number): Promise<InsightPost[]> {
  const response = await fetch(page === 1 ? "/api/insights" : `/api/insights?page=${page}`, { credentials: "include" });
  if (!response.ok) throw new Error(`GET /api/insights answered ${response.status}`);
  const body = (await response.json()) as InsightListResponse;
  if (!body.success || !Array.isArray(body.data)) throw new Error("GET /api/insights did not answer a list");
  return body.data;
}

/**
 * The insight cards with the spec's refresh toasts. The page arrives with its posts; Refresh fetches them again
 * (docs/decisions/008-insights-loading-states.md).
 */
export function InsightsFeed({
  list,
  siteUrl,
}: {
  list: { posts: InsightPost[]; page: number; hasPrevious: boolean; hasNext: boolean };
  siteUrl: string;
}) {
  const [posts, setPosts] = useState(list.posts);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    toast({ title: "Refreshing Insights" });
    try {
      setPosts(await fetchInsights(list.page));
      toast({ title: "Fresh Insights Loaded" });
    } catch (error) {
      console.error(error);
      toast({ title: "Error", description: "Failed to refresh insights", variant: "destructive" });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <>
      <div className="mb-6 flex justify-end">
        <Button variant="ghost" size="sm" onClick={refresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? "animate-spin motion-reduce:animate-none" : undefined} aria-hidden />
          {refreshing ? "Refreshing..." : "Refresh"}
        </Button>
      </div>
      {posts.length > 0 ? (
        <InsightCards posts={posts} siteUrl={siteUrl} />
      ) : (
        <p className="text-muted-foreground">No insights have been published yet. Check back soon.</p>
      )}
      <div className="mt-10 grid gap-6">
        <ListPages
          path="/insights"
          label="Insight pages"
          newer="Newer insights"
          older="Older insights"
          page={list.page}
          hasPrevious={list.hasPrevious}
          hasNext={list.hasNext}
        />
        <p className="text-center">
          <Link to="/insights" className="font-medium text-primary underline-offset-4 hover:underline">
            View All Insights
          </Link>
        </p>
      </div>
    </>
  );
}
