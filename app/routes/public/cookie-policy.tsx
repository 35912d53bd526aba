import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/legal-page";
import { useRootData } from "~/hooks/use-root-data";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies this website uses and how you can manage them.",
  });

export default function CookiePolicy() {
  const { settings } = useRootData();
  const { showName } = settings;
  return (
    <LegalPage title="Cookie Policy">
      <p>
        This Cookie Policy explains what cookies are, which cookies the {showName} website uses and how you can manage
        them. Cookies are small text files that a website stores in your browser. They let the site remember your
        actions and preferences over time and help us understand how the site is used.
      </p>

      <LegalSection id="cookies-we-use" title="Cookies We Use">
        <p>We use four kinds of cookies:</p>
        <ul>
          <li>
            <strong>Essential cookies</strong> make the website work. They keep you signed in to your member account,
            protect forms against abuse and remember that you dismissed a notice. The website cannot work properly
            without them, so they cannot be switched off.
          </li>
          <li>
            <strong>Preference cookies</strong> remember the choices you make, such as your settings, so that you do not
            have to make them again on every visit.
          </li>
          <li>
            <strong>Analytics cookies</strong> tell us how visitors use the website: which pages they visit, how long
            they stay and how they arrived. The information is collected in aggregate and helps us improve the website
            and the show.
          </li>
          <li>
            <strong>Marketing cookies</strong> help us measure our newsletter and social media campaigns and show you
            updates about the podcast that are relevant to you.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="third-party-cookies" title="Third-Party Cookies">
        <p>
          Some cookies are set by third-party services that appear on our pages, such as our analytics provider, our
          newsletter platform's embedded sign-up form, podcast players and social media links. These third parties have
          their own privacy and cookie policies, and we do not control the cookies they set. Please read their policies
          to learn more.
        </p>
      </LegalSection>

      <LegalSection id="managing-cookies" title="Managing Cookies">
        <p>
          Most browsers let you see, block and delete cookies in their settings. You can usually find these options
          under "Settings", "Privacy" or "Security". If you block all cookies, some parts of the website, such as
          signing in to your member account, may not work. You can also opt out of analytics cookies with the tools your
          browser or the analytics provider offers.
        </p>
      </LegalSection>

      <LegalSection id="changes-to-this-policy" title="Changes to This Policy">
        <p>
          We may update this Cookie Policy from time to time, for example when we add a new service to the website. When
          we do, we will post the new version on this page and change the "Last Updated" date above. If you have any
          questions, please reach us through our{" "}
          <Link to="/contact" className="text-primary underline underline-offset-4">
            contact page
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
