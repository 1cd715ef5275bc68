/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-profile-tasks.c — threads, processes and marks from the side-band
 *
 * Threads are named as perf names them when it prints a sample: the last
 * COMM of the thread, else the one it inherited at FORK, else ":TID". A
 * sample's thread (CsProfileThread) is the thread under the name it had
 * then, which is what `perf report --sort comm` and `--comm` go by; the
 * task is the thread over its whole life, under its last name, which is
 * what `--sort pid` shows.
 */
#include "config.h"

#include "cs-profile-private.h"

#define PERF_SAMPLE_CPU (1u << 7)

typedef struct
{
  CsProfileProcess public;
  GArray          *tasks;     /* guint */
} CsProfileProcessData;

static guint
thread_hash (gconstpointer p)
{
  const CsProfileThread *t = p;

  return (guint) t->tid * 31u + (guint) t->pid + t->task * 131u + g_direct_hash (t->comm);
}

static gboolean
thread_equal (gconstpointer a,
              gconstpointer b)
{
  const CsProfileThread *x = a, *y = b;

  /* comms are interned: one pointer per name */
  return x->pid == y->pid && x->tid == y->tid && x->comm == y->comm && x->task == y->task;
}

static void
process_data_free (gpointer data)
{
  CsProfileProcessData *p = data;

  g_array_unref (p->tasks);
  g_free (p);
}

void
_cs_profile_tasks_init (CsProfile *self)
{
  self->threads = g_ptr_array_new_with_free_func (g_free);
  self->thread_ids = g_hash_table_new (thread_hash, thread_equal);
  self->comms = g_string_chunk_new (1024);
  self->tasks = g_ptr_array_new_with_free_func (g_free);
  self->processes = g_ptr_array_new_with_free_func (process_data_free);
  self->sample_marks = g_array_new (FALSE, FALSE, sizeof (CsProfileMark));
}

void
_cs_profile_tasks_clear (CsProfile *self)
{
  g_clear_pointer (&self->threads, g_ptr_array_unref);
  g_clear_pointer (&self->thread_ids, g_hash_table_unref);
  g_clear_pointer (&self->comms, g_string_chunk_free);
  g_clear_pointer (&self->tasks, g_ptr_array_unref);
  g_clear_pointer (&self->processes, g_ptr_array_unref);
  g_clear_pointer (&self->sample_marks, g_array_unref);
}

void
_cs_profile_stream_init_tasks (CsProfileStream *st)
{
  st->thread_comms = g_hash_table_new (NULL, NULL);
  st->live_tasks = g_hash_table_new (NULL, NULL);
  st->last_thread = G_MAXUINT32;
}

void
_cs_profile_stream_clear_tasks (CsProfileStream *st)
{
  g_clear_pointer (&st->thread_comms, g_hash_table_unref);
  g_clear_pointer (&st->live_tasks, g_hash_table_unref);
}

static const char *
intern (CsProfile  *self,
        const char *comm)
{
  return g_string_chunk_insert_const (self->comms, comm != NULL ? comm : "");
}

/* A new task of thread @tid, named after @comm (NULL: ":TID"). */
static CsProfileTask *
new_task (CsProfileStream *st,
          gint32           pid,
          gint32           tid,
          const char      *comm,
          guint64          time)
{
  CsProfile *self = st->self;
  CsProfileTask *t = g_new0 (CsProfileTask, 1);

  if (comm == NULL)
    {
      g_autofree char *name = g_strdup_printf (":%d", tid);

      comm = intern (self, name);
    }
  t->index = self->tasks->len;
  t->pid = pid;
  t->tid = tid;
  t->comm = comm;
  t->start = time;
  t->end = time;
  g_ptr_array_add (self->tasks, t);
  g_hash_table_insert (st->live_tasks, GINT_TO_POINTER (tid), GUINT_TO_POINTER (self->tasks->len));
  return t;
}

/* The current task of @tid, made when none was seen yet. */
static CsProfileTask *
live_task (CsProfileStream *st,
           gint32           pid,
           gint32           tid,
           guint64          time)
{
  gpointer v = g_hash_table_lookup (st->live_tasks, GINT_TO_POINTER (tid));

  if (v != NULL)
    return g_ptr_array_index (st->self->tasks, GPOINTER_TO_UINT (v) - 1);
  return new_task (st, pid, tid, g_hash_table_lookup (st->thread_comms, GINT_TO_POINTER (tid)), time);
}

static void
add_mark (CsProfileStream    *st,
          const CsPerfRecord *r,
          CsProfileMarkKind   kind,
          guint64             time,
          guint64             count)
{
  CsProfileMark mark = { 0 };

  mark.time = time != CS_PERF_NO_TIME ? time : 0;
  mark.count = count;
  mark.kind = kind;
  mark.cpu = (r->id_fields & PERF_SAMPLE_CPU) ? r->cpu : G_MAXUINT32;
  mark.tid = r->id_fields != 0 ? (gint32) r->tid : -1;
  g_array_append_val (st->self->sample_marks, mark);
}

void
_cs_profile_stream_task_record (CsProfileStream    *st,
                                const CsPerfRecord *r)
{
  CsProfile *self = st->self;
  guint64 time = r->time != CS_PERF_NO_TIME ? r->time : 0;
  CsProfileTask *t;
  gpointer c;

  switch (r->type)
    {
    case CS_PERF_RECORD_COMM:
      c = (gpointer) intern (self, r->comm.comm);
      g_hash_table_insert (st->thread_comms, GINT_TO_POINTER ((gint32) r->comm.tid), c);
      t = live_task (st, (gint32) r->comm.pid, (gint32) r->comm.tid, time);
      t->comm = c;
      t->pid = (gint32) r->comm.pid;
      break;
    case CS_PERF_RECORD_FORK:
      c = g_hash_table_lookup (st->thread_comms, GINT_TO_POINTER ((gint32) r->task.ptid));
      if (c != NULL)
        g_hash_table_insert (st->thread_comms, GINT_TO_POINTER ((gint32) r->task.tid), c);
      else
        g_hash_table_remove (st->thread_comms, GINT_TO_POINTER ((gint32) r->task.tid));
      /* A FORK starts the thread: a tid seen before is a new task now. */
      new_task (st, (gint32) r->task.pid, (gint32) r->task.tid, c, r->task.time);
      break;
    case CS_PERF_RECORD_EXIT:
      t = live_task (st, (gint32) r->task.pid, (gint32) r->task.tid, r->task.time);
      t->end = MAX (t->end, r->task.time);
      t->exited = TRUE;
      break;
    case CS_PERF_RECORD_LOST:
      add_mark (st, r, CS_PROFILE_MARK_LOST, r->time, r->lost.lost);
      break;
    case CS_PERF_RECORD_LOST_SAMPLES:
      add_mark (st, r, CS_PROFILE_MARK_LOST_SAMPLES, r->time, r->lost.lost);
      break;
    case CS_PERF_RECORD_THROTTLE:
      add_mark (st, r, CS_PROFILE_MARK_THROTTLE, r->throttle.time, 1);
      break;
    case CS_PERF_RECORD_UNTHROTTLE:
      add_mark (st, r, CS_PROFILE_MARK_UNTHROTTLE, r->throttle.time, 1);
      break;
    default:
      return;
    }
  st->last_thread = G_MAXUINT32;
}

guint32
_cs_profile_stream_thread (CsProfileStream *st,
                           gint32           pid,
                           gint32           tid,
                           guint64          time)
{
  CsProfile *self = st->self;
  CsProfileThread key = { pid, tid, NULL, 0 };
  CsProfileTask *task;
  CsProfileThread *t;
  gpointer v;

  if (st->last_thread != G_MAXUINT32 && st->last_tid == tid)
    return st->last_thread;
  task = live_task (st, pid, tid, time);
  key.task = task->index;
  key.comm = g_hash_table_lookup (st->thread_comms, GINT_TO_POINTER (tid));
  if (key.comm == NULL)
    {
      g_autofree char *name = g_strdup_printf (":%d", tid);

      key.comm = intern (self, name);
    }
  v = g_hash_table_lookup (self->thread_ids, &key);
  if (v == NULL)
    {
      t = g_memdup2 (&key, sizeof key);
      g_ptr_array_add (self->threads, t);
      g_hash_table_insert (self->thread_ids, t, GUINT_TO_POINTER (self->threads->len));
      v = GUINT_TO_POINTER (self->threads->len);
    }
  st->last_tid = tid;
  st->last_thread = GPOINTER_TO_UINT (v) - 1;
  return st->last_thread;
}

static int
compare_processes (gconstpointer a,
                   gconstpointer b)
{
  const CsProfileProcessData *x = *(CsProfileProcessData * const *) a;
  const CsProfileProcessData *y = *(CsProfileProcessData * const *) b;

  if (x->public.n_samples != y->public.n_samples)
    return x->public.n_samples > y->public.n_samples ? -1 : 1;
  return x->public.pid < y->public.pid ? -1 : x->public.pid > y->public.pid;
}

static int
compare_marks (gconstpointer a,
               gconstpointer b)
{
  const CsProfileMark *x = a, *y = b;

  return x->time < y->time ? -1 : x->time > y->time;
}

void
_cs_profile_tasks_finish (CsProfile *self)
{
  const CsProfileSamples *samples = &self->samples;
  g_autoptr(GHashTable) by_pid = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < samples->n; i++)
    {
      const CsProfileThread *th = g_ptr_array_index (self->threads, cs_profile_samples_thread (samples, i));
      CsProfileTask *t = g_ptr_array_index (self->tasks, th->task);
      guint64 time = samples->time[i];

      t->n_samples++;
      /* (a sample without a timestamp says nothing of when) */
      if (time == 0)
        continue;
      if (t->first_sample == 0 || time < t->first_sample)
        t->first_sample = time;
      t->last_sample = MAX (t->last_sample, time);
    }

  for (guint i = 0; i < self->tasks->len; i++)
    {
      CsProfileTask *t = g_ptr_array_index (self->tasks, i);
      CsProfileProcessData *p;
      gpointer v;

      if (t->n_samples > 0)
        {
          if (t->start == 0 || (t->first_sample > 0 && t->first_sample < t->start))
            t->start = t->first_sample;
          if (!t->exited)
            t->end = MAX (t->end, t->last_sample);
        }
      if (t->n_samples == 0)
        continue;
      v = g_hash_table_lookup (by_pid, GINT_TO_POINTER (t->pid));
      if (v == NULL)
        {
          p = g_new0 (CsProfileProcessData, 1);
          p->tasks = g_array_new (FALSE, FALSE, sizeof (guint));
          p->public.pid = t->pid;
          p->public.start = t->start;
          p->public.end = t->end;
          g_ptr_array_add (self->processes, p);
          g_hash_table_insert (by_pid, GINT_TO_POINTER (t->pid), p);
        }
      else
        p = v;
      p->public.start = MIN (p->public.start, t->start);
      p->public.end = MAX (p->public.end, t->end);
      p->public.n_samples += t->n_samples;
      /* the main thread first, the others in the order they appeared */
      if (t->tid == t->pid)
        g_array_prepend_val (p->tasks, t->index);
      else
        g_array_append_val (p->tasks, t->index);
    }
  g_ptr_array_sort (self->processes, compare_processes);
  for (guint i = 0; i < self->processes->len; i++)
    {
      CsProfileProcessData *p = g_ptr_array_index (self->processes, i);
      const CsProfileTask *first = g_ptr_array_index (self->tasks, g_array_index (p->tasks, guint, 0));

      p->public.index = i;
      p->public.comm = first->comm;
      p->public.n_tasks = p->tasks->len;
      p->public.tasks = (const guint *) p->tasks->data;
    }
  g_array_sort (self->sample_marks, compare_marks);
}

guint
cs_profile_get_n_threads (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->threads->len;
}

const CsProfileThread *
cs_profile_get_thread (CsProfile *self,
                       guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->threads->len, NULL);
  return g_ptr_array_index (self->threads, index);
}

guint
cs_profile_get_n_tasks (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->tasks->len;
}

const CsProfileTask *
cs_profile_get_task (CsProfile *self,
                     guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->tasks->len, NULL);
  return g_ptr_array_index (self->tasks, index);
}

guint
cs_profile_get_n_processes (CsProfile *self)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), 0);
  return self->processes->len;
}

const CsProfileProcess *
cs_profile_get_process (CsProfile *self,
                        guint      index)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (index < self->processes->len, NULL);
  return &((CsProfileProcessData *) g_ptr_array_index (self->processes, index))->public;
}

const CsProfileMark *
cs_profile_get_marks (CsProfile *self,
                      guint     *n_marks)
{
  g_return_val_if_fail (CS_IS_PROFILE (self), NULL);
  if (n_marks != NULL)
    *n_marks = self->sample_marks->len;
  return (const CsProfileMark *) self->sample_marks->data;
}
