export function action() {
  return Response.json({ success: false }, { status: 501 });
}
