import { ArrowLeft, Camera, LogOut } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { type NamedMember, profileDisplayName } from "../member-names";
import { type MembershipTier, memberTierLabel } from "../schema";

export type ProfileMember = NamedMember & { profileImageUrl: string | null; membershipTier: MembershipTier };

const DEFAULT_AVATAR_URL = "/images/default-avatar.svg";

/** The profile's frame: the summary, then the sections the route composes (`children`), then the account links. */
export function MemberProfile({ member, children }: { member: ProfileMember; children: ReactNode }) {
  const photoNoteId = useId();
  const displayName = profileDisplayName(member);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-28 pb-16">
      <Link
        to="/members/dashboard"
        className="inline-flex items-center gap-1 text-primary text-sm underline underline-offset-4"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 font-bold text-4xl tracking-tight">Profile Settings</h1>

      <section
        aria-label="Profile summary"
        className="mt-8 flex flex-col items-center gap-6 rounded-xl border border-border bg-card p-6 sm:flex-row"
      >
        <div className="flex flex-col items-center gap-2">
          <img
            src={member.profileImageUrl || DEFAULT_AVATAR_URL}
            alt=""
            width={96}
            height={96}
            className="size-24 rounded-full border border-border object-cover"
          />
          <Button variant="ghost" size="sm" disabled aria-describedby={photoNoteId} className="border border-border">
            <Camera aria-hidden="true" />
            Change photo
          </Button>
          <p id={photoNoteId} className="text-muted-foreground text-xs">
            Photo editing coming soon
          </p>
        </div>
        <div className="text-center sm:text-left">
          <p className="font-semibold text-2xl">{displayName}</p>
          {member.email && <p className="text-muted-foreground">{member.email}</p>}
          <p className="mt-2 inline-block rounded-full bg-secondary px-3 py-1 font-medium text-primary text-sm">
            {memberTierLabel(member.membershipTier)}
          </p>
        </div>
      </section>

      {children}

      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/members/upgrade">Manage Membership</Link>
        </Button>
        <Button asChild variant="ghost" className="border border-border">
          <a href="/api/logout">
            <LogOut aria-hidden="true" />
            Sign Out
          </a>
        </Button>
      </div>
    </main>
  );
}
