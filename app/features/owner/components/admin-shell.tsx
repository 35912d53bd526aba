import type { LucideIcon } from "lucide-react";
import CalendarClock from "lucide-react/icons/calendar-clock";
import CalendarDays from "lucide-react/icons/calendar-days";
import ChartColumn from "lucide-react/icons/chart-column";
import Clapperboard from "lucide-react/icons/clapperboard";
import FolderDown from "lucide-react/icons/folder-down";
import History from "lucide-react/icons/history";
import IdCard from "lucide-react/icons/id-card";
import Mail from "lucide-react/icons/mail";
import Megaphone from "lucide-react/icons/megaphone";
import Menu from "lucide-react/icons/menu";
import Mic from "lucide-react/icons/mic";
import Newspaper from "lucide-react/icons/newspaper";
import Settings from "lucide-react/icons/settings";
import UserCog from "lucide-react/icons/user-cog";
import UserRoundPlus from "lucide-react/icons/user-round-plus";
import Users from "lucide-react/icons/users";
import X from "lucide-react/icons/x";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { usePopoverMenu } from "~/hooks/use-popover-menu";
import { cn } from "~/lib/utils";
import {
  ADMIN_HOME,
  type AdminLink,
  type AdminLinkIcon,
  type AdminRole,
  adminLinksFor,
  currentAdminLink,
} from "../admin-nav";

const ICONS: Record<AdminLinkIcon, LucideIcon> = {
  episodes: Mic,
  insights: Newspaper,
  stories: Clapperboard,
  events: CalendarClock,
  resources: FolderDown,
  calendar: CalendarDays,
  messages: Mail,
  applications: UserRoundPlus,
  subscribers: Users,
  email: Megaphone,
  members: IdCard,
  settings: Settings,
  staff: UserCog,
  activity: History,
  analytics: ChartColumn,
};

const linkClass =
  "flex items-center gap-3 rounded-md px-3 py-2 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:text-foreground";

/** The "Admin" label, a link to the dashboard: the area's name at a glance on every screen. */
function AdminHomeLink({ current, onClick }: { current: boolean; onClick?: () => void }) {
  return (
    <Link
      to={ADMIN_HOME}
      aria-current={current ? "page" : undefined}
      onClick={onClick}
      className="rounded-md px-3 py-2 font-semibold text-primary text-xs uppercase tracking-widest hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-foreground"
    >
      Admin
    </Link>
  );
}

function AdminNav({
  links,
  current,
  onLinkClick,
}: {
  links: AdminLink[];
  current: AdminLink | null;
  onLinkClick?: () => void;
}) {
  return (
    <nav aria-label="Admin">
      <ul className="flex flex-col gap-0.5">
        {links.map((link) => {
          const Icon = ICONS[link.icon];
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={link === current ? "page" : undefined}
                onClick={onLinkClick}
                className={linkClass}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Below lg, one button under the site's header opens the admin navigation. The panel is the platform's popover, so
 * the button opens it and Escape or a click outside closes it with or without scripts (focus then goes back to the
 * button); scripts add the state on the button, focus on the current screen's link (or the first) when it opens, and
 * closing it when a link is chosen.
 */
function AdminMenu({
  links,
  current,
  onDashboard,
}: {
  links: AdminLink[];
  current: AdminLink | null;
  onDashboard: boolean;
}) {
  const { open, close, buttonProps, panelProps } = usePopoverMenu(
    (panel) =>
      panel.querySelector<HTMLElement>('nav [aria-current="page"]') ?? panel.querySelector<HTMLElement>("nav a"),
  );

  return (
    <div className="fixed inset-x-0 top-16 z-40 border-border border-b bg-background/95 backdrop-blur-md lg:hidden">
      <div className="mx-auto flex h-12 max-w-6xl items-center justify-between gap-2 px-4">
        <AdminHomeLink current={onDashboard} />
        <Button {...buttonProps} variant="outline" size="sm">
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          Admin menu
        </Button>
      </div>
      <div
        {...panelProps}
        className={cn(
          // In the top layer, placed against the viewport: under the site's header (h-16) and this bar (h-12).
          "fixed inset-x-0 top-28 bottom-auto m-0 max-h-[calc(100dvh-7rem)] w-full max-w-none overflow-y-auto border-0 border-border border-b bg-background px-4 pt-2 pb-4 text-foreground shadow-lg lg:hidden",
          "opacity-0 open:opacity-100 starting:open:opacity-0",
          "transition-[opacity,display,overlay] transition-discrete duration-200 ease-out motion-reduce:transition-none",
        )}
      >
        <AdminNav links={links} current={current} onLinkClick={close} />
      </div>
    </div>
  );
}

/**
 * Every admin screen's frame: from lg a sidebar beside the screen that stays in view while it scrolls, below lg a
 * bar with the Admin label and one menu button. The current screen's link is marked `aria-current="page"`.
 */
export function AdminShell({ viewerRole, children }: { viewerRole: AdminRole; children: ReactNode }) {
  const { pathname } = useLocation();
  const links = adminLinksFor(viewerRole);
  const current = currentAdminLink(links, pathname);
  const onDashboard = pathname.replace(/\/+$/, "") === ADMIN_HOME;
  return (
    <div className="lg:flex">
      <div className="hidden shrink-0 border-border border-r lg:sticky lg:top-0 lg:block lg:h-dvh lg:w-60 lg:overflow-y-auto lg:pt-16">
        <div className="flex flex-col gap-2 px-3 py-6">
          <AdminHomeLink current={onDashboard} />
          <AdminNav links={links} current={current} />
        </div>
      </div>
      <AdminMenu links={links} current={current} onDashboard={onDashboard} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
