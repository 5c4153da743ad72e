/** A part of `decorest openapi examples/todo`, for the inspector's unit tests. */
import type { OpenApiDocument } from '../../../api';

export const TODO_OPENAPI: OpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'todo',
    version: '0.1.0',
  },
  paths: {
    '/todos': {
      post: {
        summary: 'Hand-mapped handler',
        parameters: [],
        responses: {
          '200': {
            description: 'What the handler answers',
            content: {
              'application/json': {
                schema: {},
              },
            },
          },
          '500': {
            $ref: '#/components/responses/Problem500',
          },
        },
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: {},
            },
          },
        },
        operationId: 'post0__todos',
        tags: ['manual'],
      },
      get: {
        summary: 'List todos',
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'Return at most n records',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: 'offset',
            in: 'query',
            required: false,
            description: 'Skip the first k records',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: 'sort',
            in: 'query',
            required: false,
            description: 'Comma-separated fields; a leading - sorts descending',
            schema: {
              type: 'string',
            },
          },
          {
            name: 'embed',
            in: 'query',
            required: false,
            description: 'Relations to include',
            schema: {
              type: 'string',
            },
          },
          {
            name: 'q',
            in: 'query',
            required: false,
            description: 'Full-text search over string fields',
            schema: {
              type: 'string',
            },
          },
          {
            name: '_page',
            in: 'query',
            required: false,
            description: 'json-server paging: page number from 1',
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
          {
            name: '_per_page',
            in: 'query',
            required: false,
            description: 'json-server paging: page size',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: '_start',
            in: 'query',
            required: false,
            description: 'json-server: first index (zero-based)',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: '_end',
            in: 'query',
            required: false,
            description: 'json-server: end index (exclusive)',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: '_sort',
            in: 'query',
            required: false,
            description: 'json-server: comma-separated fields',
            schema: {
              type: 'string',
            },
          },
          {
            name: '_order',
            in: 'query',
            required: false,
            description: 'json-server: asc or desc per _sort field',
            schema: {
              type: 'string',
            },
          },
        ],
        responses: {
          '200': {
            description: 'Todo records in ascending id order',
            headers: {
              'X-Total-Count': {
                schema: {
                  type: 'integer',
                },
                description: 'matches before limit and offset',
              },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    $ref: '#/components/schemas/Todo',
                  },
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
        },
        operationId: 'get14__todos',
        tags: ['Todo'],
      },
    },
    '/users': {
      get: {
        summary: 'List users',
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'Return at most n records',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: 'offset',
            in: 'query',
            required: false,
            description: 'Skip the first k records',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: 'sort',
            in: 'query',
            required: false,
            description: 'Comma-separated fields; a leading - sorts descending',
            schema: {
              type: 'string',
            },
          },
          {
            name: 'embed',
            in: 'query',
            required: false,
            description: 'Relations to include',
            schema: {
              type: 'string',
            },
          },
          {
            name: 'q',
            in: 'query',
            required: false,
            description: 'Full-text search over string fields',
            schema: {
              type: 'string',
            },
          },
          {
            name: '_page',
            in: 'query',
            required: false,
            description: 'json-server paging: page number from 1',
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
          {
            name: '_per_page',
            in: 'query',
            required: false,
            description: 'json-server paging: page size',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: '_start',
            in: 'query',
            required: false,
            description: 'json-server: first index (zero-based)',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: '_end',
            in: 'query',
            required: false,
            description: 'json-server: end index (exclusive)',
            schema: {
              type: 'integer',
              minimum: 0,
            },
          },
          {
            name: '_sort',
            in: 'query',
            required: false,
            description: 'json-server: comma-separated fields',
            schema: {
              type: 'string',
            },
          },
          {
            name: '_order',
            in: 'query',
            required: false,
            description: 'json-server: asc or desc per _sort field',
            schema: {
              type: 'string',
            },
          },
        ],
        responses: {
          '200': {
            description: 'User records in ascending id order',
            headers: {
              'X-Total-Count': {
                schema: {
                  type: 'integer',
                },
                description: 'matches before limit and offset',
              },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    $ref: '#/components/schemas/User',
                  },
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
        },
        operationId: 'get7__users',
        tags: ['User'],
      },
      post: {
        summary: 'Create a User',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/UserCreate',
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'The stored User',
            headers: {
              Location: {
                schema: {
                  type: 'string',
                },
              },
            },
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/User',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '409': {
            $ref: '#/components/responses/Problem409',
          },
          '413': {
            $ref: '#/components/responses/Problem413',
          },
          '415': {
            $ref: '#/components/responses/Problem415',
          },
          '422': {
            $ref: '#/components/responses/Problem422',
          },
        },
        operationId: 'post8__users',
        tags: ['User'],
      },
    },
    '/users/{id}': {
      get: {
        summary: 'Get one User',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The User',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/User',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
        },
        operationId: 'get9__users_id',
        tags: ['User'],
      },
      put: {
        summary: 'Replace a User',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/UserReplace',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The stored User',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/User',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
          '413': {
            $ref: '#/components/responses/Problem413',
          },
          '415': {
            $ref: '#/components/responses/Problem415',
          },
          '422': {
            $ref: '#/components/responses/Problem422',
          },
        },
        operationId: 'put10__users_id',
        tags: ['User'],
      },
      patch: {
        summary: 'Change some fields of a User (JSON Merge Patch)',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/UserPatch',
              },
            },
            'application/merge-patch+json': {
              schema: {
                $ref: '#/components/schemas/UserPatch',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The stored User',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/User',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
          '413': {
            $ref: '#/components/responses/Problem413',
          },
          '415': {
            $ref: '#/components/responses/Problem415',
          },
          '422': {
            $ref: '#/components/responses/Problem422',
          },
        },
        operationId: 'patch11__users_id',
        tags: ['User'],
      },
      delete: {
        summary: 'Delete a User',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The deleted User',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/User',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
        },
        operationId: 'delete12__users_id',
        tags: ['User'],
      },
    },
    '/hello/{name}': {
      get: {
        summary: 'Hand-mapped handler',
        parameters: [
          {
            name: 'name',
            in: 'path',
            required: true,
            schema: {
              type: 'string',
            },
          },
        ],
        responses: {
          '200': {
            description: 'What the handler answers',
            content: {
              'application/json': {
                schema: {},
              },
            },
          },
          '500': {
            $ref: '#/components/responses/Problem500',
          },
        },
        operationId: 'get6__hello_name',
        tags: ['manual'],
      },
    },
    '/todos/{id}': {
      get: {
        summary: 'Get one Todo',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The Todo',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Todo',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
        },
        operationId: 'get15__todos_id',
        tags: ['Todo'],
      },
      put: {
        summary: 'Replace a Todo',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/TodoReplace',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The stored Todo',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Todo',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
          '413': {
            $ref: '#/components/responses/Problem413',
          },
          '415': {
            $ref: '#/components/responses/Problem415',
          },
          '422': {
            $ref: '#/components/responses/Problem422',
          },
        },
        operationId: 'put16__todos_id',
        tags: ['Todo'],
      },
      patch: {
        summary: 'Change some fields of a Todo (JSON Merge Patch)',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                $ref: '#/components/schemas/TodoPatch',
              },
            },
            'application/merge-patch+json': {
              schema: {
                $ref: '#/components/schemas/TodoPatch',
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The stored Todo',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Todo',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
          '413': {
            $ref: '#/components/responses/Problem413',
          },
          '415': {
            $ref: '#/components/responses/Problem415',
          },
          '422': {
            $ref: '#/components/responses/Problem422',
          },
        },
        operationId: 'patch17__todos_id',
        tags: ['Todo'],
      },
      delete: {
        summary: 'Delete a Todo',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: {
              type: 'integer',
              minimum: 1,
            },
          },
        ],
        responses: {
          '200': {
            description: 'The deleted Todo',
            content: {
              'application/json': {
                schema: {
                  $ref: '#/components/schemas/Todo',
                },
              },
            },
          },
          '400': {
            $ref: '#/components/responses/Problem400',
          },
          '404': {
            $ref: '#/components/responses/Problem404',
          },
        },
        operationId: 'delete18__todos_id',
        tags: ['Todo'],
      },
    },
  },
  components: {
    schemas: {
      Problem: {
        type: 'object',
        description: 'RFC 9457 problem details',
        properties: {
          type: {
            type: 'string',
          },
          title: {
            type: 'string',
          },
          status: {
            type: 'integer',
          },
          detail: {
            type: 'string',
          },
          message: {
            type: 'string',
            description: 'the same text as detail',
          },
          instance: {
            type: 'string',
          },
          errors: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                field: {
                  type: 'string',
                },
                message: {
                  type: 'string',
                },
              },
              required: ['field', 'message'],
            },
          },
        },
        required: ['type', 'title', 'status', 'detail', 'instance'],
      },
      User: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          name: {
            type: 'string',
          },
          todos: {
            type: 'array',
            description: 'only with ?embed=todos',
            items: {
              type: 'object',
            },
          },
        },
        required: ['id', 'name'],
        examples: [
          {
            id: 1,
            name: 'Ann Lee',
          },
          {
            id: 2,
            name: 'Bob Martin',
          },
          {
            id: 3,
            name: 'Chlo\u00e9 Dubois',
          },
        ],
      },
      UserCreate: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          name: {
            type: 'string',
          },
        },
        required: ['name'],
        additionalProperties: false,
      },
      UserReplace: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          name: {
            type: 'string',
          },
        },
        required: ['name'],
        additionalProperties: false,
      },
      UserPatch: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          name: {
            type: 'string',
          },
        },
        required: [],
        additionalProperties: false,
      },
      Todo: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          content: {
            type: 'string',
          },
          completed: {
            type: 'boolean',
          },
          user: {
            type: ['integer', 'null'],
            description: "the User's id; ?embed=user sends the User itself",
          },
        },
        required: ['id', 'content', 'completed', 'user'],
        examples: [
          {
            id: 1,
            content: 'Read the model files in this folder',
            completed: true,
            user: 1,
          },
          {
            id: 2,
            content: 'Add a field to Todo and watch the API reload',
            completed: false,
            user: 1,
          },
          {
            id: 3,
            content: 'Send GET /todos from the console',
            completed: false,
            user: 2,
          },
        ],
      },
      TodoCreate: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          content: {
            type: 'string',
          },
          completed: {
            type: 'boolean',
          },
          user: {
            anyOf: [
              {
                type: 'integer',
                minimum: 1,
              },
              {
                type: 'object',
                properties: {
                  id: {
                    type: 'integer',
                    minimum: 1,
                  },
                },
                required: ['id'],
              },
              {
                type: 'null',
              },
            ],
          },
        },
        required: ['content', 'completed'],
        additionalProperties: false,
      },
      TodoReplace: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          content: {
            type: 'string',
          },
          completed: {
            type: 'boolean',
          },
          user: {
            anyOf: [
              {
                type: 'integer',
                minimum: 1,
              },
              {
                type: 'object',
                properties: {
                  id: {
                    type: 'integer',
                    minimum: 1,
                  },
                },
                required: ['id'],
              },
              {
                type: 'null',
              },
            ],
          },
        },
        required: ['content', 'completed'],
        additionalProperties: false,
      },
      TodoPatch: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          content: {
            type: 'string',
          },
          completed: {
            type: 'boolean',
          },
          user: {
            anyOf: [
              {
                type: 'integer',
                minimum: 1,
              },
              {
                type: 'object',
                properties: {
                  id: {
                    type: 'integer',
                    minimum: 1,
                  },
                },
                required: ['id'],
              },
              {
                type: 'null',
              },
            ],
          },
        },
        required: [],
        additionalProperties: false,
      },
      Quote: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          text: {
            type: 'string',
          },
          author: {
            type: 'string',
          },
        },
        required: ['id', 'text', 'author'],
      },
      QuoteCreate: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          text: {
            type: 'string',
          },
          author: {
            type: 'string',
          },
        },
        required: ['text', 'author'],
        additionalProperties: false,
      },
      QuoteReplace: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          text: {
            type: 'string',
          },
          author: {
            type: 'string',
          },
        },
        required: ['text', 'author'],
        additionalProperties: false,
      },
      QuotePatch: {
        type: 'object',
        properties: {
          id: {
            type: 'integer',
            minimum: 1,
          },
          text: {
            type: 'string',
          },
          author: {
            type: 'string',
          },
        },
        required: [],
        additionalProperties: false,
      },
    },
    responses: {
      Problem400: {
        description: 'Malformed JSON, id or query parameter',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem404: {
        description: 'No such record or route',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem405: {
        description: 'Method not allowed, or not supported by the datasource',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem409: {
        description: 'The id is taken',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem413: {
        description: 'Body over 1 MiB',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem415: {
        description: 'Body is not JSON',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem422: {
        description: 'The body breaks the model rules; every invalid field is listed',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
      Problem500: {
        description: 'The handler failed',
        content: {
          'application/problem+json': {
            schema: {
              $ref: '#/components/schemas/Problem',
            },
          },
        },
      },
    },
  },
};
