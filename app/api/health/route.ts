/** GET /api/health — liveness for a load balancer: the process answers. */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
