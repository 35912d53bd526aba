import { Outlet } from "react-router";
import { AdminShell } from "~/features/owner/components/admin-shell";
import { useRootData } from "~/hooks/use-root-data";

/**
 * The admin screens' frame, for staff only: /admin shows a visitor the login form, and the other screens' loaders
 * send a visitor there, while /members/guest-applications is a premium member's page as well, which they see without
 * it. Who is signed in comes from the root's loader; each screen's own loader still guards its data.
 */
export default function AdminLayout() {
  const { staffRole } = useRootData();
  return staffRole ? (
    <AdminShell viewerRole={staffRole}>
      <Outlet />
    </AdminShell>
  ) : (
    <Outlet />
  );
}
