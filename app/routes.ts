import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("about", "routes/public/about.tsx"),
  route("briefing", "routes/public/briefing.tsx"),
  route("podcast", "routes/public/podcast.tsx"),
  route("insights", "routes/public/insights.tsx"),
  route("insights/:id", "routes/public/insight-article.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("links", "routes/public/links.tsx"),
  route("privacy-policy", "routes/public/privacy-policy.tsx"),
  route("terms-of-service", "routes/public/terms-of-service.tsx"),
  route("cookie-policy", "routes/public/cookie-policy.tsx"),
  route("guest-application", "routes/public/guest-application.tsx"),
  route("sign-in", "routes/public/sign-in.tsx"),
  route("sign-in/verify", "routes/public/sign-in-verify.tsx"),

  route("members/dashboard", "routes/members/dashboard.tsx"),
  route("members/profile", "routes/members/profile.tsx"),
  route("members/premium-content", "routes/members/premium-content.tsx"),
  route("members/upgrade", "routes/members/upgrade.tsx"),
  route("members/guest-applications", "routes/members/guest-applications.tsx"),

  route("admin", "routes/admin/login.tsx", { id: "admin-index" }),
  route("admin/login", "routes/admin/login.tsx", { id: "admin-login" }),
  route("admin/guest-applications", "routes/admin/login.tsx", { id: "admin-guest-applications" }),
  route("admin/contacts", "routes/admin/contacts.tsx"),
  route("admin/subscribers", "routes/admin/subscribers.tsx"),
  route("admin/content-calendar", "routes/admin/content-calendar.tsx"),

  route("api/subscribe", "routes/api/subscribe.ts"),
  route("api/auth/user", "routes/api/auth/user.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/callback", "routes/api/auth/callback.ts"),
  route("api/auth/email-link", "routes/api/auth/email-link.ts"),
  route("api/auth/mock-login", "routes/api/auth/mock-login.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/*", "routes/api/not-found.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
