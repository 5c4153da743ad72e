import {
  dao,
  type HttpRequestHandler,
  type MultipartBody,
  type Request,
  type Response,
} from 'decorest';

import { Todo } from './todo.js';
import { User } from './user.js';

/**
 * The `:id` of a hand-written route as a number (digits only, the generated routes' rule), or
 * undefined after answering 400. `Number()` alone would let `0x1` and `1e0` address todo 1,
 * where the generated routes answer 400 (and the spec's Java `Integer.parseInt` throws).
 */
function idParam(req: Request, res: Response): number | undefined {
  const raw = req.params('id');
  if (/^\d{1,15}$/.test(raw)) return Number(raw);
  res.status(400).json({ message: `id must be a positive integer, got ${JSON.stringify(raw)}` });
  return undefined;
}

/**
 * The spec's hand-written handlers (§4.2), one class per route, on the same datasource the
 * generated endpoints use.
 */
export class GetAllTodos implements HttpRequestHandler {
  async method(_req: Request, res: Response) {
    res.json(await dao(Todo).getAll());
  }
}

export class GetTodo implements HttpRequestHandler {
  async method(req: Request, res: Response) {
    const id = idParam(req, res);
    if (id === undefined) return;
    const todo = await dao(Todo).getById(id);
    if (todo === undefined) res.status(404).json({ message: 'no such todo' });
    else res.json(todo);
  }
}

export class CreateTodo implements HttpRequestHandler {
  async method(req: Request, res: Response) {
    const todo = await dao(Todo).save(req.body(Todo));
    res.status(201).header('Location', `/todos/${todo.id}`).json(todo);
  }
}

export class UpdateTodo implements HttpRequestHandler {
  async method(req: Request, res: Response) {
    const id = idParam(req, res);
    if (id === undefined) return;
    const todo = req.body(Todo);
    todo.id = id;
    res.json(await dao(Todo).update(todo));
  }
}

export class DeleteTodo implements HttpRequestHandler {
  async method(req: Request, res: Response) {
    const id = idParam(req, res);
    if (id === undefined) return;
    const todo = await dao(Todo).getById(id);
    if (todo === undefined) res.status(404).json({ message: 'no such todo' });
    else res.json(await dao(Todo).delete(todo));
  }
}

/** How far along a user is: not a generated route, computed from two models with dao(). */
export class UserSummary implements HttpRequestHandler {
  async method(req: Request, res: Response) {
    const id = idParam(req, res);
    if (id === undefined) return;
    const user = await dao(User).getById(id);
    if (user === undefined) {
      res.status(404).json({ message: 'no such user' });
      return;
    }
    const todos = (await dao(Todo).getAll()).filter((t) => t.user === user.id);
    const done = todos.filter((t) => t.completed).length;
    res.json({ user: user.name, todos: todos.length, completed: done });
  }
}

/**
 * Issue 30: a hand-written route that takes files, sent from the studio's Console as a
 * multipart form. `req.body()` gives the form's text fields and its files (bytes in memory);
 * this one answers what it received, without keeping it.
 */
export class ReceiveAttachment implements HttpRequestHandler {
  method(req: Request, res: Response) {
    const body = req.body() as MultipartBody | undefined;
    if (!body || !Array.isArray(body.files)) {
      res.status(400).json({ message: 'send a multipart form with a file field' });
      return;
    }
    res.status(201).json({
      fields: body.fields,
      files: body.files.map((f) => ({ field: f.field, name: f.name, type: f.type, size: f.size })),
    });
  }
}
