import { Link } from "react-router";
import { LegalPage, LegalSection } from "~/components/legal-page";
import { useRootData } from "~/hooks/use-root-data";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: "The terms that apply when you use this website.",
  });

export default function TermsOfService() {
  const { settings } = useRootData();
  const { showName } = settings;
  return (
    <LegalPage title="Terms of Service">
      <p>
        These Terms of Service govern your use of the {showName} website, podcast and related services. By accessing or
        using the website you agree to these terms. If you do not agree with them, please do not use the website.
      </p>

      <LegalSection id="use-license" title="Use License">
        <p>
          We grant you a limited, personal, non-transferable license to view and download the materials on this website
          (such as articles, episodes and images) for your own personal, non-commercial use. This is a license, not a
          transfer of ownership, and under it you may not:
        </p>
        <ul>
          <li>modify or copy the materials, except as needed to view or listen to them;</li>
          <li>use the materials for any commercial purpose or for any public display or performance;</li>
          <li>attempt to decompile or reverse engineer any software on the website;</li>
          <li>remove any copyright or other proprietary notices from the materials;</li>
          <li>transfer the materials to another person or "mirror" them on any other server.</li>
        </ul>
        <p>
          This license ends automatically if you break any of these restrictions, and we may end it at any time. When it
          ends, you must destroy any materials you have downloaded, whether in electronic or printed form.
        </p>
      </LegalSection>

      <LegalSection id="disclaimer" title="Disclaimer">
        <p>
          The materials on this website are provided "as is". We make no warranties, expressed or implied, and disclaim
          all other warranties, including implied warranties of merchantability, fitness for a particular purpose and
          non-infringement of intellectual property. The views of guests on the podcast are their own. Nothing on the
          website is financial, legal or professional advice.
        </p>
      </LegalSection>

      <LegalSection id="limitations" title="Limitations">
        <p>
          In no event shall {showName} or its suppliers be liable for any damages (including damages for loss of data or
          profit, or due to business interruption) arising out of the use of, or the inability to use, the materials on
          this website, even if we have been told that such damage is possible. Some jurisdictions do not allow
          limitations on implied warranties or on liability for incidental damages, so these limitations may not apply
          to you.
        </p>
      </LegalSection>

      <LegalSection id="accuracy-of-materials" title="Accuracy of Materials">
        <p>
          The materials on this website may contain technical, typographical or photographic errors. We do not warrant
          that any of them is accurate, complete or current. We may change the materials at any time without notice, but
          we do not commit to updating them.
        </p>
      </LegalSection>

      <LegalSection id="links" title="Links">
        <p>
          We have not reviewed every site linked from this website and are not responsible for their contents. A link
          does not mean that we endorse the site. You use any linked website at your own risk.
        </p>
      </LegalSection>

      <LegalSection id="modifications" title="Modifications">
        <p>
          We may revise these Terms of Service at any time without notice. By continuing to use the website after a
          change, you agree to be bound by the current version of these terms.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="Governing Law">
        <p>
          These terms are governed by and construed in accordance with the laws of the United States, and you
          irrevocably submit to the exclusive jurisdiction of the courts in that location.
        </p>
      </LegalSection>

      <LegalSection id="user-content" title="User Content">
        <p>
          When you send us content, such as a contact message, a story pitch, a guest application or a comment, you
          confirm that you have the right to share it, and you grant us a worldwide, irrevocable, non-exclusive,
          royalty-free license, which we may sublicense, to use, reproduce, adapt, publish, translate and distribute it
          in any media, including on the podcast, the website and our newsletter. You keep the ownership of your
          content.
        </p>
      </LegalSection>

      <LegalSection id="contact-us" title="Contact Us">
        <p>
          If you have any questions about these Terms of Service, please reach us through our{" "}
          <Link to="/contact" className="text-primary underline underline-offset-4">
            contact page
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
