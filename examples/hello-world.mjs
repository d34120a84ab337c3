// Serves hello.yang (beside this file) over RESTCONF: node hello-world.mjs
import { BehaviorSubject, Subject } from 'rxjs';
import { createServer, observableLeaf, reflectNode } from 'rxconf';

const settings = { greeting: 'Hello' };           // config: your own object, edited in place (DELETE removes the property)
const greetings = new BehaviorSubject(0);         // a metric: the latest value of an Observable
const greeted = new Subject();                    // notification events, sent as SSE
const fields = { greetings: observableLeaf(greetings) };

const server = createServer({
  searchPath: [import.meta.dirname],
  modules: ['hello'],
  nodes: { hello: () => reflectNode({ hello: settings }, { fields }) },
  app: (app) => {
    app.operation('hello:greet', ({ input }) => {
      greetings.next(greetings.value + 1);
      greeted.next({ name: input?.name ?? 'world' });
      return { message: `${settings.greeting ?? 'Hello'}, ${input?.name ?? 'world'}!` };
    });
    app.notification('hello:greeted', greeted);
  },
  port: Number(process.env.PORT ?? 8080),
});
console.log(`listening on ${(await server.listen()).url}`);
process.once('SIGTERM', () => server.close());
