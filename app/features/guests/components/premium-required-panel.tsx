import { Lock } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** What a signed-in member below premium sees instead of the applications (spec section 2). */
export function PremiumRequiredPanel() {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <Lock className="size-10 text-primary" aria-hidden />
        <CardTitle>Premium Access Required</CardTitle>
        <CardDescription>Guest applications are available to premium members.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to="/members/upgrade">Upgrade Membership</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
