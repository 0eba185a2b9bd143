import { createServer, type Server } from "node:http";

/**
 * The auth service as an embedded service under bench asks it: every session is the bench's owner.
 * `url` goes in the service's INTERNAL_API_URL; `server.close()` when done.
 */
export async function startStandInAuth(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) =>
    res
      .writeHead(200, { "content-type": "application/json" })
      .end('{"user":{"id":1,"email":"bench@example.com","role":"owner"}}'),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, server };
}
