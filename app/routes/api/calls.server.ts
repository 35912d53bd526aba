import { recordActivity } from "~/features/activity/activity.server";
import { currentActor } from "~/features/activity/actor.server";
import { apiRegistry } from "~/lib/api-calls.server";
import { calls as adminAccountCalls } from "./admin/account";
import { calls as adminActivityCalls } from "./admin/activity";
import { calls as adminAnalyticsCalls } from "./admin/analytics";
import { calls as adminBackupCalls } from "./admin/backup";
import { calls as adminContactReadCalls } from "./admin/contact-read";
import { calls as adminContactRepliesCalls } from "./admin/contact-replies";
import { calls as adminContactsCalls } from "./admin/contacts";
import { calls as adminContentEpisodeCalls } from "./admin/content-episode";
import { calls as adminContentEpisodePodcastEpisodeCalls } from "./admin/content-episode-podcast-episode";
import { calls as adminContentEpisodesCalls } from "./admin/content-episodes";
import { calls as adminContentSeriesCalls } from "./admin/content-series";
import { calls as adminContentSeriesEpisodesCalls } from "./admin/content-series-episodes";
import { calls as adminEmailCalls } from "./admin/email";
import { calls as adminEpisodeCalls } from "./admin/episode";
import { calls as adminEpisodeMediaCalls } from "./admin/episode-media";
import { calls as adminEpisodeNotesPreviewCalls } from "./admin/episode-notes-preview";
import { calls as adminEpisodesCalls } from "./admin/episodes";
import { calls as adminEventCalls } from "./admin/event";
import { calls as adminEventsCalls } from "./admin/events";
import { calls as adminImportsCalls } from "./admin/imports";
import { calls as adminInsightCalls } from "./admin/insight";
import { calls as adminInsightCoverCalls } from "./admin/insight-cover";
import { calls as adminInsightPreviewCalls } from "./admin/insight-preview";
import { calls as adminInsightsCalls } from "./admin/insights";
import { calls as adminLoginCalls } from "./admin/login";
import { calls as adminLogoutCalls } from "./admin/logout";
import { calls as adminMailSuppressionsCalls } from "./admin/mail-suppressions";
import { calls as adminMemberCalls } from "./admin/member";
import { calls as adminMembersCalls } from "./admin/members";
import { calls as adminResourceCalls } from "./admin/resource";
import { calls as adminResourceFileCalls } from "./admin/resource-file";
import { calls as adminResourcesCalls } from "./admin/resources";
import { calls as adminSessionsCalls } from "./admin/sessions";
import { calls as adminSettingsCalls } from "./admin/settings";
import { calls as adminSettingsArtworkCalls } from "./admin/settings-artwork";
import { calls as adminSignInsCalls } from "./admin/sign-ins";
import { calls as adminStaffCalls } from "./admin/staff";
import { calls as adminStaffMemberCalls } from "./admin/staff-member";
import { calls as adminStoriesCalls } from "./admin/stories";
import { calls as adminStoriesOrderCalls } from "./admin/stories-order";
import { calls as adminStoryCalls } from "./admin/story";
import { calls as adminStoryMediaCalls } from "./admin/story-media";
import { calls as adminTwoFactorCalls } from "./admin/two-factor";
import { calls as authCallbackCalls } from "./auth/callback";
import { calls as authEmailLinkCalls } from "./auth/email-link";
import { calls as authMembershipCalls } from "./auth/membership";
import { calls as authMembershipBillingCalls } from "./auth/membership-billing";
import { calls as authMockLoginCalls } from "./auth/mock-login";
import { calls as authUserCalls } from "./auth/user";
import { calls as contactCalls } from "./contact";
import { calls as contactsArchiveCalls } from "./contacts/archive";
import { calls as contactsContactCalls } from "./contacts/contact";
import { calls as guestsApplicationCalls } from "./guests/application";
import { calls as guestsApplicationArchiveCalls } from "./guests/application-archive";
import { calls as guestsApplicationStatusCalls } from "./guests/application-status";
import { calls as guestsApplicationsCalls } from "./guests/applications";
import { calls as guestsApplyCalls } from "./guests-apply";
import { calls as insightCalls } from "./insight";
import { calls as insightsCalls } from "./insights";
import { calls as loginCalls } from "./login";
import { calls as logoutCalls } from "./logout";
import { calls as mailEventsCalls } from "./mail/events";
import { calls as membersAccountCalls } from "./members/account";
import { calls as membersExportCalls } from "./members/export";
import { calls as membersFeedCalls } from "./members/feed";
import { calls as membersProfileCalls } from "./members/profile";
import { calls as podcastEpisodesCalls } from "./podcast-episodes";
import { calls as stripeWebhookCalls } from "./stripe-webhook";
import { calls as subscribeCalls } from "./subscribe";
import { calls as subscribersArchiveCalls } from "./subscribers/archive";
import { calls as subscribersExportCalls } from "./subscribers/export";
import { calls as subscribersListCalls } from "./subscribers/list";
import { calls as subscribersSubscriberCalls } from "./subscribers/subscriber";

/** Every API call the site answers, each declared once beside its feature (spec section 7 and the member calls). */
export const api = apiRegistry(
  [
    ...adminActivityCalls,
    ...adminAnalyticsCalls,
    ...adminBackupCalls,
    ...adminContactReadCalls,
    ...adminContactRepliesCalls,
    ...adminContactsCalls,
    ...adminContentEpisodePodcastEpisodeCalls,
    ...adminContentEpisodeCalls,
    ...adminContentEpisodesCalls,
    ...adminContentSeriesEpisodesCalls,
    ...adminContentSeriesCalls,
    ...adminEmailCalls,
    ...adminEpisodeMediaCalls,
    ...adminEpisodeNotesPreviewCalls,
    ...adminEpisodeCalls,
    ...adminEpisodesCalls,
    ...adminEventCalls,
    ...adminEventsCalls,
    ...adminImportsCalls,
    ...adminInsightCoverCalls,
    ...adminInsightPreviewCalls,
    ...adminInsightCalls,
    ...adminInsightsCalls,
    ...adminLoginCalls,
    ...adminLogoutCalls,
    ...adminMailSuppressionsCalls,
    ...adminMemberCalls,
    ...adminMembersCalls,
    ...adminResourceFileCalls,
    ...adminResourceCalls,
    ...adminResourcesCalls,
    ...adminSessionsCalls,
    ...adminAccountCalls,
    ...adminSettingsArtworkCalls,
    ...adminSettingsCalls,
    ...adminSignInsCalls,
    ...adminStaffMemberCalls,
    ...adminStaffCalls,
    ...adminStoriesOrderCalls,
    ...adminStoriesCalls,
    ...adminStoryMediaCalls,
    ...adminStoryCalls,
    ...adminTwoFactorCalls,
    ...authCallbackCalls,
    ...authEmailLinkCalls,
    ...authMembershipBillingCalls,
    ...authMembershipCalls,
    ...authMockLoginCalls,
    ...authUserCalls,
    ...contactCalls,
    ...contactsArchiveCalls,
    ...contactsContactCalls,
    ...guestsApplyCalls,
    ...guestsApplicationArchiveCalls,
    ...guestsApplicationStatusCalls,
    ...guestsApplicationCalls,
    ...guestsApplicationsCalls,
    ...insightCalls,
    ...insightsCalls,
    ...loginCalls,
    ...logoutCalls,
    ...mailEventsCalls,
    ...membersAccountCalls,
    ...membersExportCalls,
    ...membersFeedCalls,
    ...membersProfileCalls,
    ...podcastEpisodesCalls,
    ...stripeWebhookCalls,
    ...subscribeCalls,
    ...subscribersArchiveCalls,
    ...subscribersExportCalls,
    ...subscribersListCalls,
    ...subscribersSubscriberCalls,
  ],
  {
    // Who made an admin change: the one seam staff accounts replace (app/features/activity/actor.server.ts).
    async recordActivity(context, request, entry) {
      const actor = entry.actor ?? (await currentActor(context.db, request));
      await recordActivity(context.db, { ...entry, actor, clientAddress: context.clientIp });
    },
  },
);
