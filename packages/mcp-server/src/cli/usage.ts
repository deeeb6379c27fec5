/** The `--help` text. */
export const USAGE = `keel-mcp — the Keel support tools over MCP

Usage:
  keel-mcp [--data-dir DIR | --memory]                    serve MCP over stdio (default)
  keel-mcp --http [--host 127.0.0.1] [--port 8787] [...]  serve stateless Streamable HTTP at /mcp

Options:
  --http            serve HTTP instead of stdio (POST /mcp, GET /healthz)
  --host HOST       HTTP listen address (default 127.0.0.1; any other needs KEEL_MCP_TOKEN)
  --port PORT       HTTP port (default 8787; 0 picks a free one)
  --allowed-origin ORIGIN  a browser origin allowed to call (repeatable; loopback origins always are;
                    any other Origin gets 403)
  --allowed-host NAME      a Host name the server answers to besides loopback and --host (repeatable;
                    checked with a token too; only a token-protected 0.0.0.0 bind without a list
                    accepts any Host)
  --require-conversation  HTTP: refuse write tools outside a conversation (_meta "dev.keel/conversation-id"),
                    so the rules that look back (a customer verified earlier) always apply
  --max-connections N  HTTP: open connections at most (default 1024); more are refused at once
  --header-timeout S   HTTP: close a connection whose request headers have not all arrived within S
                    seconds (default 10; checked every second)
  --data-dir DIR    PGlite data directory (default $KEEL_DATA_DIR or ./.keel-data)
  --memory          in-memory store with sample data (nothing is saved)
  --log-level LEVEL info (default: includes one line per tools/call), warn, error or silent
  --log-format FMT  text (default: "<ISO time> keel-mcp <level> <message> {fields}") or json (one
                    object per line: time, level, service, msg, fields)
  -h, --help        show this help
  -v, --version     print the version

Environment:
  DATABASE_URL             use PostgreSQL instead of PGlite (ignored with --memory or --data-dir)
  KEEL_DATA_DIR            default PGlite data directory
  KEEL_MCP_TOKEN           HTTP bearer token for the agent role (may refund)
  KEEL_MCP_READONLY_TOKEN  HTTP bearer token for the read-only role (read tools only)
  KEEL_MCP_SUPERVISOR_TOKEN  HTTP bearer token for the supervisor role (list_pending_approvals and
                           decide_approval only; needs KEEL_APPROVAL_KEY, at least 32 bytes)
  KEEL_MCP_ALLOWED_ORIGINS / KEEL_MCP_ALLOWED_HOSTS  comma-separated, added to the flags

Logs go to stderr; on stdio, stdout carries the protocol only. SIGTERM/SIGINT let calls in flight finish.
Exit codes: 0 stopped cleanly, 1 runtime failure, 2 usage or configuration error.
`;
