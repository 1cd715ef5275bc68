/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region.c — cs_region_begin/end/event_done and each thread's regions
 *
 * Off (no CYCLESCOPE_REGIONS, the program runs on its own) every call is a
 * load of cs_region_enabled and one branch the predictor learns at once.
 *
 * On, a thread that enters its first region opens the recording's counter
 * groups on itself. Every begin and end takes one snapshot of the groups:
 * the difference to the previous snapshot goes to the exclusive counts of
 * the region that was innermost until then, and an end adds the difference
 * to the snapshot of its begin to the region's inclusive counts — once, when
 * the outermost entry of a region nested in itself ends. (Kruse's
 * PerfMonService started counting in preModule and stopped in postModule;
 * Kruse, CMSSW Performance Monitoring, 2011, §5.3.) Regions entered before
 * the first `skip` framework events are done are not counted at all.
 *
 * The counts are handed over when the process exits (exit() or a return
 * from main, also inside a region: open regions are closed then) in a file
 * the recorder reads; threads that ended before keep theirs in the list.
 * The sampling run instead writes marks: the innermost region of a thread
 * after each change, on CLOCK_MONOTONIC, the clock the recorder's sampling
 * events use, so that every sample can be given the region it fell in.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cyclescope/region.h"
#include "cs-region-lib-private.h"

/* Exported: the header's macros test it in the caller. Default visibility
 * also inside the library, so that a copy relocation in the program is the
 * one both see. */
int cs_region_enabled;
CS_REGION_HIDDEN _CsRegionState _cs_region_state = {
  .lock = PTHREAD_MUTEX_INITIALIZER,
  .marks_fd = -1,
};

static __thread _CsRegionThread *current __attribute__ ((tls_model ("initial-exec")));
/* Regions entered while skipping: always below the counted ones. */
static __thread uint32_t skip_depth __attribute__ ((tls_model ("initial-exec")));
static pthread_key_t thread_key;

#define S (&_cs_region_state)

static void thread_ended (void *data);

/* names */

static uint32_t
hash_name (const char *name)
{
  uint32_t h = 2166136261u;

  for (const unsigned char *p = (const unsigned char *) name; *p; p++)
    h = (h ^ *p) * 16777619u;
  return h;
}

static int
grow_slots (void)
{
  uint32_t n = S->n_slots ? S->n_slots * 2 : 256;
  uint32_t *slots = calloc (n, sizeof *slots);

  if (slots == NULL)
    return 0;
  for (uint32_t id = 1; id <= S->n_names; id++)
    {
      uint32_t s = hash_name (S->names[id - 1]) & (n - 1);

      while (slots[s] != 0)
        s = (s + 1) & (n - 1);
      slots[s] = id;
    }
  free (S->slots);
  S->slots = slots;
  S->n_slots = n;
  return 1;
}

/* The id of @name (1-based), added when new; 0 when out of memory.
 * @copy gets the table's copy of the name. */
static uint32_t
name_id (const char  *name,
         const char **copy_out)
{
  uint32_t id = 0, s;
  char *copy;

  pthread_mutex_lock (&S->lock);
  if ((S->n_names + 1) * 2 > S->n_slots && !grow_slots ())
    goto out;
  for (s = hash_name (name) & (S->n_slots - 1); S->slots[s] != 0; s = (s + 1) & (S->n_slots - 1))
    if (strcmp (S->names[S->slots[s] - 1], name) == 0)
      {
        id = S->slots[s];
        *copy_out = S->names[id - 1];
        goto out;
      }
  if (S->n_names == S->names_cap)
    {
      uint32_t cap = S->names_cap ? S->names_cap * 2 : 64;
      char **names = realloc (S->names, sizeof (char *) * cap);

      if (names == NULL)
        goto out;
      S->names = names;
      S->names_cap = cap;
    }
  if ((copy = strdup (name)) == NULL)
    goto out;
  S->names[S->n_names++] = copy;
  id = S->n_names;
  *copy_out = copy;
  S->slots[s] = id;
  if (S->config.marks)
    _cs_region_output_name (S, id, copy);
out:
  pthread_mutex_unlock (&S->lock);
  return id;
}

/* The pointer cache spares the lock for the string literals frameworks pass;
 * the strcmp keeps it right for a buffer reused with another name. (The
 * copy, not S->names, which another thread may be growing.) */
static uint32_t
thread_name_id (_CsRegionThread *t,
                const char      *name)
{
  uintptr_t h = ((uintptr_t) name >> 3) & (CS_REGION_NAME_CACHE - 1);
  const char *copy = NULL;
  uint32_t id;

  if (t->cache[h].ptr == name && strcmp (t->cache[h].copy, name) == 0)
    return t->cache[h].id;
  id = name_id (name, &copy);
  if (id != 0)
    {
      t->cache[h].ptr = name;
      t->cache[h].copy = copy;
      t->cache[h].id = id;
    }
  return id;
}

/* threads */

static _CsRegionThread *
thread_new (void)
{
  _CsRegionThread *t = calloc (1, sizeof *t);
  size_t w = (size_t) S->config.width;

  if (t == NULL)
    return NULL;
  pthread_mutex_init (&t->lock, NULL);
  t->tid = (pid_t) syscall (SYS_gettid);
  if (S->config.marks)
    t->marks = malloc (sizeof (_CsRegionMark) * CS_REGION_MARKS_BUFFER);
  else
    {
      t->last = calloc (w ? w : 1, sizeof (uint64_t));
      t->now = calloc (w ? w : 1, sizeof (uint64_t));
    }
  if (S->config.marks ? t->marks == NULL : (t->last == NULL || t->now == NULL))
    {
      free (t->marks);
      free (t->last);
      free (t->now);
      free (t);
      return NULL;
    }
  pthread_mutex_lock (&S->lock);
  t->next = S->threads;
  S->threads = t;
  pthread_mutex_unlock (&S->lock);
  /* The key's destructor runs when the thread ends (not for the main
   * thread: the process's end handles that one). */
  pthread_setspecific (thread_key, t);
  return t;
}

static _CsRegionThread *
get_thread (void)
{
  if (current == NULL)
    current = thread_new ();
  return current;
}

static int
ensure_stack (_CsRegionThread *t)
{
  size_t w = (size_t) S->config.width;
  uint32_t cap;
  uint32_t *ids;
  uint64_t *entry;

  if (t->depth < t->stack_cap)
    return 1;
  cap = t->stack_cap ? t->stack_cap * 2 : 16;
  ids = realloc (t->stack_ids, sizeof (uint32_t) * cap);
  if (ids == NULL)
    return 0;
  t->stack_ids = ids;
  entry = realloc (t->stack_entry, sizeof (uint64_t) * cap * (w ? w : 1));
  if (entry == NULL)
    return 0;
  t->stack_entry = entry;
  t->stack_cap = cap;
  return 1;
}

static uint64_t *
acc_for (_CsRegionThread *t,
         uint32_t         id)
{
  size_t stride = _cs_region_stride (&S->config);

  if (id > t->n_acc)
    {
      uint32_t n = t->n_acc ? t->n_acc : 16;
      uint64_t *acc;

      while (n < id)
        n *= 2;
      acc = realloc (t->acc, sizeof (uint64_t) * stride * n);
      if (acc == NULL)
        return NULL;
      memset (acc + stride * t->n_acc, 0, sizeof (uint64_t) * stride * (n - t->n_acc));
      t->acc = acc;
      t->n_acc = n;
    }
  return t->acc + stride * (id - 1);
}

static void
add_delta (uint64_t       *into,
           const uint64_t *to,
           const uint64_t *from)
{
  for (int i = 0; i < S->config.width; i++)
    into[i] += to[i] - from[i];
}

static void
add_mark (_CsRegionThread *t)
{
  struct timespec ts;
  _CsRegionMark *m;

  if (t->n_marks == CS_REGION_MARKS_BUFFER)
    _cs_region_output_marks (S, t);
  clock_gettime (CLOCK_MONOTONIC, &ts);
  m = &t->marks[t->n_marks++];
  m->time = (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
  m->region = t->depth ? t->stack_ids[t->depth - 1] : 0;
  m->depth = t->depth;
}

/* Takes the snapshot of a change and gives the time since the previous one
 * to the region that was innermost. */
static void
snapshot (_CsRegionThread *t,
          int              own_thread)
{
  memcpy (t->now, t->last, sizeof (uint64_t) * (size_t) S->config.width);
  _cs_region_counters_read (&t->counters, &S->config, own_thread, t->now);
  if (t->depth > 0)
    {
      uint64_t *acc = acc_for (t, t->stack_ids[t->depth - 1]);

      if (acc != NULL)
        add_delta (acc + 2, t->now, t->last);
    }
}

static void
pop_region (_CsRegionThread *t,
            int              own_thread)
{
  size_t w = (size_t) S->config.width;
  uint32_t id = t->stack_ids[t->depth - 1];

  if (!S->config.marks)
    {
      uint64_t *acc;

      snapshot (t, own_thread);
      acc = acc_for (t, id);
      if (acc != NULL && --acc[1] == 0)
        add_delta (acc + 2 + w, t->now, t->stack_entry + (t->depth - 1) * w);
      memcpy (t->last, t->now, sizeof (uint64_t) * w);
    }
  t->depth--;
  if (S->config.marks)
    add_mark (t);
}

static void
begin_counted (const char *name)
{
  _CsRegionThread *t = get_thread ();
  size_t w = (size_t) S->config.width;
  uint32_t id;

  if (t == NULL)
    return;
  pthread_mutex_lock (&t->lock);
  if (t->closed || !ensure_stack (t) || (id = thread_name_id (t, name)) == 0)
    goto out;
  if (S->config.marks)
    {
      t->stack_ids[t->depth++] = id;
      add_mark (t);
      goto out;
    }
  if (!t->opened)
    {
      t->opened = 1;
      t->open_errno = _cs_region_counters_open (&t->counters, &S->config);
      if (t->open_errno != 0)
        _cs_region_counters_close (&t->counters, &S->config);
    }
  if (t->counters.fds == NULL)
    {
      /* Not counting (the error is in the output), but the calls are. */
      uint64_t *acc = acc_for (t, id);

      if (acc != NULL)
        acc[0]++;
      t->stack_ids[t->depth++] = id;
      goto out;
    }
  snapshot (t, 1);
  {
    uint64_t *acc = acc_for (t, id);

    if (acc != NULL)
      {
        acc[0]++;
        acc[1]++;
      }
  }
  memcpy (t->stack_entry + t->depth * w, t->now, sizeof (uint64_t) * w);
  memcpy (t->last, t->now, sizeof (uint64_t) * w);
  t->stack_ids[t->depth++] = id;
out:
  pthread_mutex_unlock (&t->lock);
}

void
(cs_region_begin) (const char *name)
{
  if (__builtin_expect (!__atomic_load_n (&cs_region_enabled, __ATOMIC_RELAXED), 1))
    return;
  if (name == NULL)
    name = "(null)";
  if (!__atomic_load_n (&S->active, __ATOMIC_RELAXED))
    {
      skip_depth++;
      return;
    }
  begin_counted (name);
}

void
(cs_region_end) (void)
{
  _CsRegionThread *t;

  if (__builtin_expect (!__atomic_load_n (&cs_region_enabled, __ATOMIC_RELAXED), 1))
    return;
  t = current;
  if (t != NULL)
    {
      pthread_mutex_lock (&t->lock);
      if (t->closed)
        ;
      else if (t->depth > 0)
        {
          if (t->counters.fds != NULL || S->config.marks)
            pop_region (t, 1);
          else
            t->depth--;
        }
      else if (skip_depth > 0)
        skip_depth--;
      else
        t->unmatched++;
      pthread_mutex_unlock (&t->lock);
      return;
    }
  if (skip_depth > 0)
    skip_depth--;
  else if ((t = get_thread ()) != NULL)
    {
      pthread_mutex_lock (&t->lock);
      t->unmatched++;
      pthread_mutex_unlock (&t->lock);
    }
}

void
(cs_region_event_done) (void)
{
  uint64_t n;

  if (__builtin_expect (!__atomic_load_n (&cs_region_enabled, __ATOMIC_RELAXED), 1))
    return;
  n = __atomic_add_fetch (&S->events_done, 1, __ATOMIC_RELAXED);
  if (n >= S->config.skip)
    __atomic_store_n (&S->active, 1, __ATOMIC_RELAXED);
}

/* ending */

static void
read_comm (_CsRegionThread *t,
           int              own_thread)
{
  char path[64];
  FILE *f;

  if (own_thread)
    {
      prctl (PR_GET_NAME, t->comm, 0, 0, 0);
      t->comm[16] = '\0';
      return;
    }
  snprintf (path, sizeof path, "/proc/self/task/%d/comm", (int) t->tid);
  if ((f = fopen (path, "re")) == NULL)
    return;
  if (fgets (t->comm, sizeof t->comm, f) != NULL)
    t->comm[strcspn (t->comm, "\n")] = '\0';
  fclose (f);
}

/* Closes the regions still open (a thread that ends inside one, exit()
 * called inside one) at this moment, and the counters. Called with the
 * thread's lock held. */
static void
close_thread (_CsRegionThread *t,
              int              own_thread)
{
  if (t->closed)
    return;
  read_comm (t, own_thread);
  while (t->depth > 0)
    {
      if (t->counters.fds != NULL || S->config.marks)
        pop_region (t, own_thread);
      else
        t->depth--;
    }
  if (S->config.marks && t->n_marks > 0)
    _cs_region_output_marks (S, t);
  _cs_region_counters_close (&t->counters, &S->config);
  t->closed = 1;
}

static void
thread_ended (void *data)
{
  _CsRegionThread *t = data;

  pthread_mutex_lock (&t->lock);
  close_thread (t, 1);
  pthread_mutex_unlock (&t->lock);
  current = NULL;
}

/* A child of fork() starts with the calling thread only, and that thread's
 * counters still count its parent: it starts afresh (its open regions are
 * left uncounted, like skipped ones) and writes its own file. */
static void
after_fork_child (void)
{
  _CsRegionThread *me = current, *next;

  pthread_mutex_init (&S->lock, NULL);
  for (_CsRegionThread *t = S->threads; t != NULL; t = next)
    {
      next = t->next;
      if (t == me)
        continue;
      free (t->last);
      free (t->now);
      free (t->stack_ids);
      free (t->stack_entry);
      free (t->acc);
      free (t->marks);
      free (t->counters.fds);
      free (t->counters.pages);
      free (t);
    }
  S->threads = me;
  if (S->marks_fd >= 0)
    close (S->marks_fd);
  S->marks_fd = -1;
  if (me == NULL)
    return;
  me->next = NULL;
  pthread_mutex_init (&me->lock, NULL);
  me->tid = (pid_t) syscall (SYS_gettid);
  _cs_region_counters_close (&me->counters, &S->config);
  me->opened = 0;
  me->open_errno = 0;
  skip_depth += me->depth;
  me->depth = 0;
  me->n_marks = 0;
  me->unmatched = 0;
  if (me->acc != NULL)
    memset (me->acc, 0, sizeof (uint64_t) * _cs_region_stride (&S->config) * me->n_acc);
}

__attribute__ ((constructor)) static void
cs_region_init (void)
{
  const char *env = getenv (CS_REGION_ENV);
  char err[160];

  if (env == NULL || *env == '\0')
    return;
  if (!_cs_region_config_parse (env, &S->config, err, sizeof err))
    {
      fprintf (stderr, "libcyclescope-region: %s: %s; regions are not recorded\n", CS_REGION_ENV, err);
      _cs_region_config_clear (&S->config);
      return;
    }
  if (pthread_key_create (&thread_key, thread_ended) != 0)
    return;
  pthread_atfork (NULL, NULL, after_fork_child);
  S->active = S->config.skip == 0;
  cs_region_enabled = 1;
}

/* exit() (or the return from main) runs this: every thread's regions are
 * closed where they are and the counts written. Calls made after this
 * (destructors that run later) are ignored. */
__attribute__ ((destructor)) static void
cs_region_fini (void)
{
  _CsRegionThread *threads;

  if (!cs_region_enabled)
    return;
  /* Other threads may still be calling in: they see 0 soon, and those
   * already inside wait for their thread's lock below. */
  __atomic_store_n (&cs_region_enabled, 0, __ATOMIC_RELAXED);
  /* Threads are only ever added at the head: the list from here on stays. */
  pthread_mutex_lock (&S->lock);
  threads = S->threads;
  pthread_mutex_unlock (&S->lock);
  for (_CsRegionThread *t = threads; t != NULL; t = t->next)
    {
      pthread_mutex_lock (&t->lock);
      close_thread (t, t == current);
      pthread_mutex_unlock (&t->lock);
    }
  if (S->config.marks)
    _cs_region_output_end (S);
  else
    _cs_region_output_counts (S, threads, getpid ());
}
