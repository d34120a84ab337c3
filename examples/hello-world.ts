// hello-world.mjs in TypeScript: compiled by tsc (module nodenext, strict), run as node hello-world.js
import { BehaviorSubject, Subject } from 'rxjs';
import { createServer, observableLeaf, reflectNode, type ListenAddress } from 'rxconf';

const settings: { greeting?: string } = { greeting: 'Hello' }; // config: your own object, edited in place (DELETE removes the property)
const greetings = new BehaviorSubject(0);         // a metric: the latest value of an Observable
const greeted = new Subject<{ name: string }>();  // notification events, sent as SSE
const fields = { greetings: observableLeaf(greetings) };

const server = createServer({
  searchPath: [import.meta.dirname],
  modules: ['hello'],
  nodes: { hello: () => reflectNode({ hello: settings }, { fields }) },
  app: (app) => {
    app.operation('hello:greet', ({ input }) => {
      const name = typeof input?.['name'] === 'string' ? input['name'] : 'world';
      greetings.next(greetings.value + 1);
      greeted.next({ name });
      return { message: `${settings.greeting ?? 'Hello'}, ${name}!` };
    });
    app.notification('hello:greeted', greeted);
  },
  port: Number(process.env['PORT'] ?? 8080),
});
const address: ListenAddress = await server.listen();
console.log(`listening on ${address.url}`);
process.once('SIGTERM', () => void server.close());
