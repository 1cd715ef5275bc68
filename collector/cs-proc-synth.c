/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-proc-synth.c — the records perf record synthesizes for what already exists */
#define _GNU_SOURCE
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>

#include "cs-proc-synth.h"

/* The sample_id_all trailer of CS_SAMPLER_SAMPLE_TYPE (cs-sampler.h):
 * TID, TIME, CPU, IDENTIFIER, in the kernel's order. */
typedef struct
{
  guint32 pid, tid;
  guint64 time;
  guint32 cpu, res;
  guint64 identifier;
} SampleId;

static gboolean
write_record (CsPerfWriter  *writer,
              guint32        type,
              guint16        misc,
              const void    *body,
              gsize          body_len,
              const char    *name,
              guint32        pid,
              guint32        tid,
              GError       **error)
{
  g_autoptr(GByteArray) buf = g_byte_array_sized_new (256);
  struct perf_event_header header = { type, misc, 0 };
  SampleId id = { pid, tid, 0, 0, 0, cs_perf_writer_get_first_id (writer) };
  static const guint8 zeros[8] = { 0, };

  g_byte_array_append (buf, (const guint8 *) &header, sizeof header);
  g_byte_array_append (buf, body, body_len);
  if (name != NULL)
    {
      gsize len = strlen (name) + 1;

      /* NUL-terminated, padded to 8 bytes as the kernel does. */
      g_byte_array_append (buf, (const guint8 *) name, len);
      g_byte_array_append (buf, zeros, (8 - buf->len % 8) % 8);
    }
  g_byte_array_append (buf, (const guint8 *) &id, sizeof id);
  ((struct perf_event_header *) buf->data)->size = buf->len;
  return cs_perf_writer_write (writer, buf->data, buf->len, error);
}

gboolean
cs_proc_synth_kernel_mmap (CsPerfWriter  *writer,
                           GError       **error)
{
  struct { guint32 pid, tid; guint64 start, len, pgoff; } body;
  FILE *kallsyms = fopen ("/proc/kallsyms", "re");
  char line[256];
  guint64 text = 0;

  if (kallsyms == NULL)
    return TRUE;
  /* Only the first lines are read: _text comes right at the start. */
  for (guint i = 0; i < 1000 && fgets (line, sizeof line, kallsyms) != NULL; i++)
    {
      char type, sym[200];
      unsigned long long addr;

      if (sscanf (line, "%llx %c %199s", &addr, &type, sym) == 3 && strcmp (sym, "_text") == 0)
        {
          text = addr;
          break;
        }
    }
  fclose (kallsyms);
  /* Zero: addresses hidden by kptr_restrict; perf cannot use them either. */
  if (text == 0)
    return TRUE;

  body.pid = (guint32) -1;
  body.tid = 0;
  body.start = text;
  body.len = G_MAXUINT64 - text;
  body.pgoff = text;
  return write_record (writer, PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL, &body, sizeof body,
                       "[kernel.kallsyms]_text", 0, 0, error);
}

static int
compare_pid (gconstpointer a,
             gconstpointer b)
{
  pid_t x = *(const pid_t *) a, y = *(const pid_t *) b;

  return x < y ? -1 : x > y;
}

GArray *
cs_proc_list_threads (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task", (int) pid);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  GArray *tids = g_array_new (FALSE, FALSE, sizeof (pid_t));
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      pid_t tid = (pid_t) g_ascii_strtoll (name, NULL, 10);

      if (tid > 0)
        g_array_append_val (tids, tid);
    }
  g_array_sort (tids, compare_pid);
  return tids;
}

/* The parent pid from /proc/PID/status ("PPid:"), 0 when unknown. */
static guint32
read_ppid (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *contents = NULL;
  const char *line;

  if (!g_file_get_contents (path, &contents, NULL, NULL) ||
      (line = strstr (contents, "\nPPid:")) == NULL)
    return 0;
  return (guint32) g_ascii_strtoull (line + strlen ("\nPPid:"), NULL, 10);
}

static gboolean
synth_thread (CsPerfWriter  *writer,
              pid_t          pid,
              pid_t          tid,
              guint32        ppid,
              GError       **error)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/task/%d/comm", (int) pid, (int) tid);
  g_autofree char *comm = NULL;
  struct { guint32 pid, ppid, tid, ptid; guint64 time; } fork = {
    /* As perf: the main thread comes from its parent, the others from the
     * main thread. */
    (guint32) pid, tid == pid ? ppid : (guint32) pid,
    (guint32) tid, tid == pid ? ppid : (guint32) pid, 0
  };
  guint32 ids[2] = { (guint32) pid, (guint32) tid };

  if (!g_file_get_contents (path, &comm, NULL, NULL))
    return TRUE;  /* the thread ended meanwhile */
  g_strchomp (comm);
  return write_record (writer, PERF_RECORD_FORK, 0, &fork, sizeof fork, NULL, pid, tid, error) &&
         write_record (writer, PERF_RECORD_COMM, 0, ids, sizeof ids, comm, pid, tid, error);
}

typedef struct
{
  guint32 pid, tid;
  guint64 addr, len, pgoff;
  guint32 maj, min;
  guint64 ino, ino_generation;
  guint32 prot, flags;
} Mmap2Body;

/* One line of /proc/PID/maps: "start-end perms offset maj:min inode   path". */
static gboolean
parse_map (const char *line,
           Mmap2Body  *body,
           const char **name)
{
  unsigned long long start, end, offset, inode;
  unsigned int maj, min;
  char perms[5];
  int n = 0;

  if (sscanf (line, "%llx-%llx %4s %llx %x:%x %llu %n",
              &start, &end, perms, &offset, &maj, &min, &inode, &n) < 7)
    return FALSE;
  body->addr = start;
  body->len = end - start;
  body->pgoff = offset;
  body->maj = maj;
  body->min = min;
  body->ino = inode;
  body->ino_generation = 0;
  body->prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
               (perms[2] == 'x' ? PROT_EXEC : 0);
  body->flags = perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
  *name = n > 0 ? line + n : "";
  return TRUE;
}

static gboolean
synth_maps (CsPerfWriter  *writer,
            pid_t          pid,
            gboolean       data_maps,
            GError       **error)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/maps", (int) pid);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return TRUE;  /* gone meanwhile */
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      Mmap2Body body;
      const char *name = NULL;
      g_autofree char *file = NULL;
      gboolean exec;

      if (!parse_map (lines[i], &body, &name))
        continue;
      exec = (body.prot & PROT_EXEC) != 0;
      if (!exec && !data_maps)
        continue;
      /* perf's names: an anonymous mapping is //anon; [vsyscall] is the
       * kernel's, not the process's. */
      if (*name == '\0')
        file = g_strdup ("//anon");
      else if (strcmp (name, "[vsyscall]") == 0)
        continue;
      else
        file = g_strdup (name);
      body.pid = (guint32) pid;
      body.tid = (guint32) pid;
      if (!write_record (writer, PERF_RECORD_MMAP2,
                         PERF_RECORD_MISC_USER | (exec ? 0 : PERF_RECORD_MISC_MMAP_DATA),
                         &body, sizeof body, file, pid, pid, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
cs_proc_synth_process (CsPerfWriter  *writer,
                       pid_t          pid,
                       gboolean       data_maps,
                       GError       **error)
{
  g_autoptr(GArray) tids = cs_proc_list_threads (pid);
  guint32 ppid = read_ppid (pid);

  G_STATIC_ASSERT (sizeof (Mmap2Body) == 64);

  /* The main thread first: the others are described as its children. */
  if (!synth_thread (writer, pid, pid, ppid, error))
    return FALSE;
  for (guint i = 0; i < tids->len; i++)
    if (g_array_index (tids, pid_t, i) != pid &&
        !synth_thread (writer, pid, g_array_index (tids, pid_t, i), ppid, error))
      return FALSE;
  return synth_maps (writer, pid, data_maps, error);
}
