import { Application, WebServlet } from 'decorest';

import {
  CreateTodo,
  DeleteTodo,
  GetAllTodos,
  GetTodo,
  ReceiveAttachment,
  UpdateTodo,
  UserSummary,
} from './handlers.js';

/**
 * The example application. `generateRest()` serves the seven endpoints of every @Rest model;
 * the hand-mapped routes below show the spec's manual mapping (§4.2).
 */
@WebServlet('/*')
export default class TodoApp extends Application {
  execute() {
    this.generateRest();

    // A manual route wins over the generated one with the same method and path (CONTRACT §6).
    this.post('/todos', new CreateTodo());

    // The rest of the spec's handlers, mapped beside the generated API so both can be tried.
    this.get('/manual/todos', new GetAllTodos());
    this.get('/manual/todos/:id', new GetTodo());
    this.put('/manual/todos/:id', new UpdateTodo());
    this.delete('/manual/todos/:id', new DeleteTodo());

    // Hand-written logic over several models, through dao().
    this.get('/users/:id/summary', new UserSummary());
    this.get('/hello/:name', (req, res) => res.json({ hello: req.params('name') }));

    // A form with files (multipart), as the Console sends one: req.body() gives fields and files.
    this.post('/attachments', new ReceiveAttachment());
  }
}
