// JSON.parse keeps the last of two equal keys without a word, so `{"dryRun":true,"dryRun":false}` would
// be read as whatever came last. This scan finds them in text JSON.parse has already accepted: only
// strings and brackets need reading, so it is a scan, not a parser (a library parser added 9 kB to every
// function for the same answer).

/** The path of every key sent twice in one object, e.g. ["appointments", 1, "start"]; [] when none. */
export function repeatedKeys(json: string): (string | number)[][] {
  const open: ({ keys: Set<string>; key: string } | { index: number })[] = [];
  const repeated: (string | number)[][] = [];
  let expectingKey = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '{') {
      open.push({ keys: new Set(), key: '' });
      expectingKey = true;
    } else if (char === '[') {
      open.push({ index: 0 });
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',') {
      const inner = open.at(-1);
      if (inner && 'index' in inner) inner.index++;
      else expectingKey = true;
    } else if (char === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const inner = open.at(-1);
      if (expectingKey && inner && 'keys' in inner) {
        // Decoded, so that "a" and "\u0061" are the same key, as JSON.parse takes them.
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (inner.keys.has(key)) repeated.push([...open.slice(0, -1).map(positionIn), key]);
        inner.keys.add(key);
        inner.key = key;
        expectingKey = false;
      }
      i = end;
    }
  }
  return repeated;
}

const positionIn = (container: { key: string } | { index: number }) =>
  'index' in container ? container.index : container.key;
