import { Download, FileArchive, FileText } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { PremiumResource } from "../schema";

/** `headingLevel`: h3 under a section's h2, h2 where the list is the page's main content. */
export function PremiumResourceList({
  resources,
  headingLevel: Heading = "h3",
}: {
  resources: PremiumResource[];
  headingLevel?: "h2" | "h3";
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {resources.map((resource) => {
        const Icon = resource.format === "ZIP" ? FileArchive : FileText;
        return (
          <li key={resource.id} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6">
            <div className="flex items-start gap-3">
              <Icon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <Heading id={`resource-${resource.id}`} className="font-semibold text-lg">
                  {resource.title}
                </Heading>
                <p className="text-muted-foreground text-sm">
                  {resource.format} · {resource.sizeLabel}
                </p>
              </div>
            </div>
            <p className="text-muted-foreground">{resource.description}</p>
            <Button asChild className="mt-auto self-start">
              <a href={resource.downloadUrl} download aria-describedby={`resource-${resource.id}`}>
                <Download aria-hidden="true" />
                Download {resource.format}
              </a>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
