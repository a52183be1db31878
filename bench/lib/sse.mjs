// A minimal server-sent events client over node:http for the events bench: records when each event arrives.
import http from 'node:http';

/** Connects and calls onEvent({ id, event, data, receivedAt }) for every event (receivedAt = performance.now()). */
export function connectSse(url, headers, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${url}: HTTP ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        const receivedAt = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id;
          let event = 'message';
          const data = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length) onEvent({ id, event, data: JSON.parse(data.join('\n')), receivedAt });
        }
      });
      response.on('error', () => {});
      resolve({ close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}
