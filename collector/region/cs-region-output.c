/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-region-output.c — what the library hands the recorder
 *
 * Counting runs: at exit, one text file OUT.PID (written as OUT.PID.tmp
 * and renamed, so the recorder never reads half a file; a process killed
 * before leaves none, and the recorder says so). Sampling runs: the binary
 * marks file OUT.PID, appended to while the program runs. Both formats are
 * described in docs/regions.md; the recorder's reader is
 * collector/cs-region-results.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "cs-region-lib-private.h"

#define MARKS_MAGIC "CSRMARK1"

enum
{
  RECORD_NAME  = 1,
  RECORD_MARKS = 2,
  RECORD_END   = 3,
};

static void
put_escaped (FILE       *f,
             const char *text)
{
  for (const char *p = text; *p; p++)
    {
      if (*p == '\\')
        fputs ("\\\\", f);
      else if (*p == '\n')
        fputs ("\\n", f);
      else
        fputc (*p, f);
    }
}

static void
put_words (FILE           *f,
           const uint64_t *words,
           int             n)
{
  for (int i = 0; i < n; i++)
    fprintf (f, " %llu", (unsigned long long) words[i]);
}

void
_cs_region_output_counts (_CsRegionState  *state,
                          _CsRegionThread *threads,
                          pid_t            pid)
{
  const _CsRegionConfig *c = &state->config;
  uint32_t stride = _cs_region_stride (c);
  char path[4096], tmp[4096 + 8];
  _CsRegionThread **order = NULL;
  size_t n_threads = 0;
  FILE *f;
  int fd;

  if (snprintf (path, sizeof path, "%s.%d", c->out, (int) pid) >= (int) sizeof path)
    return;
  snprintf (tmp, sizeof tmp, "%s.tmp", path);
  /* A thread still running may be adding a name. (Only this lock: a thread
   * takes its own lock first and then this one.) */
  pthread_mutex_lock (&state->lock);
  fd = open (tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || (f = fdopen (fd, "w")) == NULL)
    {
      fprintf (stderr, "libcyclescope-region: cannot write %s: %s\n", tmp, strerror (errno));
      if (fd >= 0)
        close (fd);
      pthread_mutex_unlock (&state->lock);
      return;
    }

  fprintf (f, "cyclescope-regions 1\npid %d\nevents_done %llu\nskip %llu\ngroups %d",
           (int) pid, (unsigned long long) state->events_done,
           (unsigned long long) c->skip, c->n_groups);
  for (int g = 0; g < c->n_groups; g++)
    fprintf (f, " %d", c->group_size[g]);
  fputc ('\n', f);
  for (uint32_t id = 1; id <= state->n_names; id++)
    {
      fprintf (f, "name %u ", id);
      put_escaped (f, state->names[id - 1]);
      fputc ('\n', f);
    }

  /* The list holds the newest thread first; the file lists them in the
   * order they first entered a region. */
  for (_CsRegionThread *t = threads; t != NULL; t = t->next)
    n_threads++;
  order = calloc (n_threads ? n_threads : 1, sizeof *order);
  if (order != NULL)
    {
      size_t i = n_threads;

      for (_CsRegionThread *t = threads; t != NULL; t = t->next)
        order[--i] = t;
    }
  for (size_t i = 0; order != NULL && i < n_threads; i++)
    {
      _CsRegionThread *t = order[i];

      fprintf (f, "thread %d\ncomm ", (int) t->tid);
      put_escaped (f, t->comm);
      fprintf (f, "\nrdpmc %d\n", t->counters.rdpmc);
      if (t->open_errno != 0)
        fprintf (f, "error %d %s\n", t->open_errno, strerror (t->open_errno));
      if (t->unmatched != 0)
        fprintf (f, "unmatched %llu\n", (unsigned long long) t->unmatched);
      for (uint32_t id = 1; id <= t->n_acc; id++)
        {
          const uint64_t *acc = t->acc + (size_t) stride * (id - 1);

          if (acc[0] == 0)
            continue;
          fprintf (f, "r %u %llu", id, (unsigned long long) acc[0]);
          put_words (f, acc + 2, 2 * c->width);
          fputc ('\n', f);
        }
    }
  fputs ("end\n", f);
  free (order);
  pthread_mutex_unlock (&state->lock);
  if (fclose (f) != 0 || rename (tmp, path) != 0)
    {
      fprintf (stderr, "libcyclescope-region: cannot write %s: %s\n", path, strerror (errno));
      unlink (tmp);
    }
}

/* marks */

static void
write_all (int          fd,
           struct iovec *iov,
           int          n)
{
  ssize_t r;

  do
    r = writev (fd, iov, n);
  while (r < 0 && errno == EINTR);
}

/* With state->lock held. */
static int
open_marks_locked (_CsRegionState *state)
{
  char path[4096];
  pid_t pid = getpid ();
  struct { char magic[8]; uint32_t pid; uint32_t reserved; } header;
  struct iovec iov;

  if (state->marks_fd >= 0 && state->marks_pid == pid)
    return state->marks_fd;
  if (snprintf (path, sizeof path, "%s.%d", state->config.out, (int) pid) >= (int) sizeof path)
    return -1;
  state->marks_fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  state->marks_pid = pid;
  if (state->marks_fd < 0)
    {
      fprintf (stderr, "libcyclescope-region: cannot write %s: %s\n", path, strerror (errno));
      return -1;
    }
  memcpy (header.magic, MARKS_MAGIC, 8);
  header.pid = (uint32_t) pid;
  header.reserved = 0;
  iov.iov_base = &header;
  iov.iov_len = sizeof header;
  write_all (state->marks_fd, &iov, 1);
  /* Names seen before this process had a file (a child of fork) come
   * first, so that every file names its own regions. */
  for (uint32_t id = 1; id <= state->n_names; id++)
    _cs_region_output_name (state, id, state->names[id - 1]);
  return state->marks_fd;
}

void
_cs_region_output_name (_CsRegionState *state,
                        uint32_t        id,
                        const char     *name)
{
  uint32_t len = (uint32_t) strlen (name);
  uint32_t head[4] = { RECORD_NAME, 0, id, len };
  static const char pad[8];
  struct iovec iov[3];
  int fd;

  if (state->marks_fd < 0 || state->marks_pid != getpid ())
    {
      /* open_marks_locked writes every name, this one included. */
      open_marks_locked (state);
      return;
    }
  fd = state->marks_fd;
  head[1] = (uint32_t) (sizeof head + ((len + 7) & ~7u));
  iov[0].iov_base = head;
  iov[0].iov_len = sizeof head;
  iov[1].iov_base = (void *) name;
  iov[1].iov_len = len;
  iov[2].iov_base = (void *) pad;
  iov[2].iov_len = ((len + 7) & ~7u) - len;
  write_all (fd, iov, 3);
}

void
_cs_region_output_marks (_CsRegionState  *state,
                         _CsRegionThread *thread)
{
  uint32_t head[4] = { RECORD_MARKS, 0, (uint32_t) thread->tid, thread->n_marks };
  struct iovec iov[2];
  int fd;

  pthread_mutex_lock (&state->lock);
  fd = open_marks_locked (state);
  pthread_mutex_unlock (&state->lock);
  if (fd >= 0 && thread->n_marks > 0)
    {
      head[1] = (uint32_t) (sizeof head + sizeof (_CsRegionMark) * thread->n_marks);
      iov[0].iov_base = head;
      iov[0].iov_len = sizeof head;
      iov[1].iov_base = thread->marks;
      iov[1].iov_len = sizeof (_CsRegionMark) * thread->n_marks;
      write_all (fd, iov, 2);
    }
  thread->n_marks = 0;
}

void
_cs_region_output_end (_CsRegionState *state)
{
  uint64_t unmatched = 0;
  struct { uint32_t type, size; uint64_t events_done, unmatched; } end;
  struct iovec iov;
  int fd;

  pthread_mutex_lock (&state->lock);
  for (_CsRegionThread *t = state->threads; t != NULL; t = t->next)
    unmatched += t->unmatched;
  fd = open_marks_locked (state);
  pthread_mutex_unlock (&state->lock);
  if (fd < 0)
    return;
  end.type = RECORD_END;
  end.size = sizeof end;
  end.events_done = state->events_done;
  end.unmatched = unmatched;
  iov.iov_base = &end;
  iov.iov_len = sizeof end;
  write_all (fd, &iov, 1);
  close (fd);
  state->marks_fd = -1;
}
