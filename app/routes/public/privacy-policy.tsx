import { useEffect } from "react";
import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/legal-page";
import { useRootData } from "~/hooks/use-root-data";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: false, opensAtTop: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal information.",
  });

export default function PrivacyPolicy() {
  const { settings } = useRootData();
  const { showName } = settings;
  // Spec: the privacy page opens at its top, even where the browser would restore an earlier scroll position. Loaded
  // as a document, the page's small script does it (`opensAtTop`); this is for when React renders it after a
  // navigation in a hydrated page, and then for a return to it by Back.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <LegalPage title="Privacy Policy">
      <p>
        This Privacy Policy explains how {showName} ("we", "us" or "our") collects, uses and protects your personal
        information when you visit this website, listen to the podcast, subscribe to our updates or get in touch with
        us. By using the website you agree to the practices described here.
      </p>

      <LegalSection id="information-we-collect" title="Information We Collect">
        <p>We collect information that you give us directly, for example when you fill in a form on this website:</p>
        <ul>
          <li>your name;</li>
          <li>your email address;</li>
          <li>your company name, if you provide it;</li>
          <li>the message you send us through the contact form, and the details of a guest application.</li>
        </ul>
        <p>We also collect some information automatically when you use the website:</p>
        <ul>
          <li>your browser type and version;</li>
          <li>your device type and operating system;</li>
          <li>your IP address;</li>
          <li>usage information, such as the pages you visit, the time you spend on them and the links you follow.</li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-use-your-information" title="How We Use Your Information">
        <p>We use the information we collect to:</p>
        <ul>
          <li>answer your messages, story pitches and guest applications;</li>
          <li>send you the launch notification, newsletters and updates you asked for;</li>
          <li>manage your member account and the content available to your membership;</li>
          <li>understand how the website is used, so that we can improve it and the show;</li>
          <li>keep the website secure and prevent abuse;</li>
          <li>meet our legal obligations.</li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-protect-your-information" title="How We Protect Your Information">
        <p>
          We use appropriate technical and organizational measures to protect your personal information against
          unauthorized access, loss, misuse or alteration. These include encrypted connections, restricted access to our
          systems and storing only what we need. No method of transmission over the internet or of electronic storage is
          completely secure, so while we work hard to protect your information we cannot guarantee its absolute
          security.
        </p>
      </LegalSection>

      <LegalSection id="no-sale-of-data" title="We Do Not Sell Your Data">
        <p>
          We do not sell, trade or rent your personal information to anyone. We share it only with service providers who
          help us run the website, send email or measure its use, under agreements that require them to keep it
          confidential and use it only on our behalf, or when the law requires us to.
        </p>
      </LegalSection>

      <LegalSection id="third-party-links" title="Third-Party Links">
        <p>
          The website links to other sites and services, such as podcast platforms, social networks and our newsletter
          platform. We are not responsible for the privacy practices or the content of those sites. Please read the
          privacy policy of every site you visit.
        </p>
      </LegalSection>

      <LegalSection id="childrens-privacy" title="Children's Privacy">
        <p>
          The website is not directed at children under 13. We do not knowingly collect personal information from
          children under 13. If you believe that a child under 13 has given us personal information, please contact us
          and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="Your Rights">
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong>: ask for a copy of the personal information we hold about you;
          </li>
          <li>
            <strong>Correction</strong>: ask us to correct information that is inaccurate or incomplete;
          </li>
          <li>
            <strong>Deletion</strong>: ask us to delete your personal information;
          </li>
          <li>
            <strong>Restriction</strong>: ask us to limit how we use your personal information;
          </li>
          <li>
            <strong>Portability</strong>: receive your personal information in a structured, commonly used format and
            have it sent to another organization;
          </li>
          <li>
            <strong>Objection</strong>: object to our use of your personal information, including for direct marketing.
          </li>
        </ul>
        <p>
          To use any of these rights, contact us as described below. You can unsubscribe from our emails at any time
          with the link at the bottom of each one.
        </p>
      </LegalSection>

      <LegalSection id="changes-to-this-policy" title="Changes to This Policy">
        <p>
          We may update this Privacy Policy from time to time. When we do, we will post the new version on this page and
          change the "Last Updated" date above. Please check this page now and then to stay informed.
        </p>
      </LegalSection>

      <LegalSection id="contact-us" title="Contact Us">
        <p>
          If you have any questions about this Privacy Policy or how we handle your personal information, please reach
          us through our{" "}
          <Link to="/contact" className="text-primary underline underline-offset-4">
            contact page
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
