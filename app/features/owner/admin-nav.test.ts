import { describe, expect, it } from "vitest";
import { ADMIN_LINKS, adminLinksFor, currentAdminLink } from "./admin-nav";

describe("the admin shell's links", () => {
  it("gives the owner every screen, named exactly, in the sidebar's order", () => {
    expect(adminLinksFor("owner").map((link) => link.label)).toEqual([
      "Episodes",
      "Insights",
      "Stories",
      "Events",
      "Resources",
      "Content Calendar",
      "Analytics",
      "Contact Messages",
      "Guest Applications",
      "Subscribers",
      "Email",
      "Members",
      "Settings",
      "Staff",
      "Activity",
    ]);
  });

  it("gives an editor the show's content, analytics and guest applications, and support the audience's screens", () => {
    expect(adminLinksFor("editor").map((link) => link.label)).toEqual([
      "Episodes",
      "Insights",
      "Stories",
      "Events",
      "Resources",
      "Content Calendar",
      "Analytics",
      "Guest Applications",
    ]);
    expect(adminLinksFor("support").map((link) => link.label)).toEqual([
      "Contact Messages",
      "Guest Applications",
      "Subscribers",
      "Members",
    ]);
  });

  it("marks a screen's own link, and its link on the screens under it", () => {
    expect(currentAdminLink(ADMIN_LINKS, "/admin/episodes")?.label).toBe("Episodes");
    expect(currentAdminLink(ADMIN_LINKS, "/admin/episodes/12")?.label).toBe("Episodes");
    expect(currentAdminLink(ADMIN_LINKS, "/admin/subscribers/")?.label).toBe("Subscribers");
    expect(currentAdminLink(ADMIN_LINKS, "/members/guest-applications")?.label).toBe("Guest Applications");
  });

  it("marks no link on the dashboard or on an address that only starts like one", () => {
    expect(currentAdminLink(ADMIN_LINKS, "/admin")).toBeNull();
    expect(currentAdminLink(ADMIN_LINKS, "/admin/episodes-archive")).toBeNull();
  });
});
