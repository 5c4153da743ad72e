export const USAGE = `Usage: decorest <command> [dir] [options]

Commands:
  serve [dir]     Serve the project's REST API (dir defaults to .)
  studio [dir]    Serve the API and the studio UI (prints the studio URL with its token)
  routes [dir]    Print the project's route table
  openapi [dir]   Print the project's OpenAPI 3.1 document as JSON
  seed save [dir]   Snapshot the current data into seed/ (one JSON array per model)
  seed reset [dir]  Put the data back to seed/, atomically
  fake [dir] <model> <n>  Add n made-up valid records of a model (class name or path)
  db push [dir]   Make the database's tables match the models (prints the SQL it runs)
  db import [dir] Copy the datafiles (data/) into the database, in one transaction; a record
                  the models refuse is printed as file:line and nothing is imported
  db export [dir] Write the database's tables back as datafiles (data/)
  init [dir]      Write a starter project (two related models, seed/, a README)
  init [dir] --from <file>  Write models, seed/ and routes from a json-server db.json,
                  an OpenAPI document, a Mockoon environment or a HAR file; prints every guess
  record <target-url> [dir]  Forward every request to a real API and record it; on Ctrl+C
                  write its models, seed/, routes and rules into dir (prints every guess)
  run [dir] [requests-folder-or-file]  Run the saved requests (requests/, in the
                  Console's order) with their tests; exit 0 all passed, 1 any failed,
                  2 nothing could run (an unknown folder, environment or variable)

Options:
  --port <n>      Port to listen on (serve, studio, record; default 3000, 0 picks a free one)
  --host <addr>   Address to bind (serve, studio, record; default 127.0.0.1)
  --control-port <n>  The studio's control port (studio; default 0, a free one)
  --quiet         Do not log each request (serve, record)
  --watch         Reload when a project file changes (serve)
  --reset         Put the data back to seed/ before serving (serve, studio)
  --delay <ms>    Delay every answer: 200, or a random 100-800 (serve, studio)
  --fail <r:s>    Answer a share of requests with a simulated status: 0.1:503 (serve, studio)
  --proxy <url>   Forward requests no route matches to a real backend (serve, studio)
  --proxy-timeout <ms>  A forwarded request not answered by then gets a 504 (default 30000;
                  serve, studio, record)
  --seed <k>      Same k, same fake records (fake)
  --database <url>  Keep the models in PostgreSQL: postgres://user:password@host:5432/db
                  (serve, studio, seed, fake, db; default: $DECOREST_DATABASE_URL,
                  else the data/ folder)
  --yes           Also run the steps that lose data (db push)
  --data <dir>    The datafiles to import (db import; default <dir>/data)
  --replace       Delete the rows of tables that hold some, then import (db import)
  --out <dir>     Where to write the datafiles (db export; default <dir>/data)
  --force         Replace the datafiles of a folder that already holds files (db export),
                  or the files init would write; record replaces only files it wrote that
                  you have not changed since
  --resume        Record on into the recording a stopped session left (record)
  --discard       Drop the recording a stopped session left and start afresh (record)
  --keep-header <name>  Keep a header that is otherwise never written: Authorization,
                  Cookie, Set-Cookie, Proxy-Authorization (record, init --from; repeatable)
  --from <file>   The source to import (init): db.json, OpenAPI, Mockoon or .har
  --env <name>    The environment whose {{variables}} the requests use (run); a
                  secret comes from the studio's config folder or DECOREST_VAR_<name>
  --reporter <r>  text (default), junit, tap or json (run)
  --out <file>    Write the report to a file; the text list still goes to stdout (run)
  --bail          Stop at the first request that fails (run)
  --serve         Serve the project's mock API for the run, on a free port with the
                  data of seed/ in a temp folder, and set {{baseUrl}} to it (run)
  --timeout <ms>  The most one request may take (run; default 30000)
  -h, --help      Show this help
  -v, --version   Show the version`;
