/**
 * Concurrent reads of one key share a database read, without any answer getting older: a caller
 * never joins a read already running (it may have started before the caller asked, and miss a
 * write committed since); it joins the next one, which starts as soon as the running one ends
 * and serves everyone who asked meanwhile. So each answer comes from a read that began after
 * its caller asked, as if the caller had read alone, while a key under load costs at most one
 * read at a time instead of one per request.
 */
export class SharedReads<K, V> {
  private readonly running = new Map<K, Promise<V>>();
  private readonly next = new Map<K, Promise<V>>();

  read(key: K, load: () => Promise<V>): Promise<V> {
    const waiting = this.next.get(key);
    if (waiting) return waiting;
    const running = this.running.get(key);
    if (!running) return this.start(key, load);
    const after = running.then(noop, noop).then(() => {
      this.next.delete(key);
      return this.start(key, load);
    });
    this.next.set(key, after);
    return after;
  }

  private start(key: K, load: () => Promise<V>): Promise<V> {
    const read = load();
    this.running.set(key, read);
    const done = () => {
      if (this.running.get(key) === read) this.running.delete(key);
    };
    read.then(done, done);
    return read;
  }
}

const noop = () => undefined;
