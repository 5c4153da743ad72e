export const USAGE = `Usage: decorest <command> [dir] [options]

Commands:
  serve [dir]     Serve the project's REST API (dir defaults to .)
  studio [dir]    Serve the API and the studio UI (prints the studio URL with its token)
  routes [dir]    Print the project's route table
  openapi [dir]   Print the project's OpenAPI 3.1 document as JSON

Options:
  --port <n>      Port to listen on (serve, studio; default 3000, 0 picks a free one)
  --host <addr>   Address to bind (serve, studio; default 127.0.0.1)
  --control-port <n>  The studio's control port (studio; default 0, a free one)
  --quiet         Do not log each request (serve)
  --watch         Reload when a project file changes (serve)
  -h, --help      Show this help
  -v, --version   Show the version`;
