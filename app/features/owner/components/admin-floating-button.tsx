import {
  CalendarClock,
  CalendarDays,
  Clapperboard,
  FolderDown,
  IdCard,
  LayoutDashboard,
  LogIn,
  LogOut,
  Mail,
  Mic,
  Newspaper,
  Settings,
  Users,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { sendJson } from "~/lib/api-client";
import { forgetOwnerHints, hasOwnerMarker } from "./owner-hints";

const FLOATING_POSITION = "fixed right-4 bottom-4 z-[60]";

/**
 * Spec section 2 "Admin floating button": the owner's menu while the server says the owner is signed in; a shortcut
 * to the login when only the owner marker is left in this browser.
 */
export function AdminFloatingButton({ isOwner }: { isOwner: boolean }) {
  const [marked, setMarked] = useState(false);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    setMarked(hasOwnerMarker());
  }, []);

  async function logOut() {
    try {
      await sendJson("POST", "/api/admin/logout");
    } finally {
      forgetOwnerHints();
      setMarked(false);
      await navigate("/");
      await revalidate();
    }
  }

  if (isOwner) {
    return (
      <div className={FLOATING_POSITION}>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button className="rounded-full shadow-lg">
              <LayoutDashboard aria-hidden />
              Admin Dashboard
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" side="top">
            <DropdownMenuItem asChild>
              <Link to="/admin/contacts">
                <Mail aria-hidden />
                Contact Messages
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/members/guest-applications">
                <Users aria-hidden />
                Guest Applications
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/episodes">
                <Mic aria-hidden />
                Episodes
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/insights">
                <Newspaper aria-hidden />
                Insights
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/stories">
                <Clapperboard aria-hidden />
                Stories
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/members">
                <IdCard aria-hidden />
                Members
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/events">
                <CalendarClock aria-hidden />
                Events
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/resources">
                <FolderDown aria-hidden />
                Resources
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/content-calendar">
                <CalendarDays aria-hidden />
                Content Calendar
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/settings">
                <Settings aria-hidden />
                Settings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => void logOut()}>
              <LogOut aria-hidden />
              Logout
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    );
  }
  if (!marked) return null;
  return (
    <div className={FLOATING_POSITION}>
      <Button asChild variant="secondary" className="rounded-full shadow-lg">
        <Link to="/admin/login">
          <LogIn aria-hidden />
          Admin Login
        </Link>
      </Button>
    </div>
  );
}
