/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-record-kallsyms.c — the kernel's symbols saved beside a sampling run */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sched.h>

#include "cs-kallsyms.h"
#include "cs-record-private.h"

/* Kernel samples are only named right with the symbol table of the boot
 * that recorded them (KASLR, modules), so it is saved beside the perf.data.
 * It is written on a thread while the program runs: the collector is idle
 * then, and compressing the table after the program exited would add its
 * ~12 ms to every recording's wall time. Not having it is no reason to
 * fail the recording. */
typedef struct
{
  char          *file;   /* relative to the bundle */
  char          *path;
  CsKallsymsKey *key;
  GError        *error;
} KallsymsSave;

static gpointer
save_kallsyms_thread (gpointer data)
{
  KallsymsSave *save = data;
  struct sched_param idle = { 0 };

  /* Idle priority: the copy runs while the program starts and must never
   * take a CPU from it (on two CPUs it otherwise delayed the exec by up to
   * 7 ms). Failing to lower the priority is harmless. */
  sched_setscheduler (0, SCHED_IDLE, &idle);
  cs_kallsyms_save_running (save->path, &save->key, NULL, &save->error);
  return save;
}

GThread *
_cs_recorder_start_kallsyms_save (guint       index,
                     const char *bundle_path)
{
  KallsymsSave *save = g_new0 (KallsymsSave, 1);

  save->file = g_strdup_printf ("sampling-%u.kallsyms", index);  /* docs/session-format.md */
  save->path = g_build_filename (bundle_path, save->file, NULL);
  return g_thread_new ("cs-kallsyms", save_kallsyms_thread, save);
}

/* Joins the saving thread; with a NULL @srun (the run failed) the file is
 * removed again. */
void
_cs_recorder_finish_kallsyms_save (GThread       *thread,
                      CsSession     *session,
                      CsSamplingRun *srun)
{
  KallsymsSave *save;

  if (thread == NULL)
    return;
  save = g_thread_join (thread);
  if (srun == NULL)
    {
      if (save->error == NULL)
        g_unlink (save->path);
    }
  else if (save->error != NULL)
    {
      g_autofree char *note = g_strdup_printf (_("The kernel's symbols were not saved with sampling "
                                                 "run %u (%s): its kernel samples will be named "
                                                 "from the kernel running when it is opened."),
                                               srun->index + 1, save->error->message);

      cs_session_add_note (session, note);
    }
  else
    {
      srun->kallsyms = g_steal_pointer (&save->file);
      srun->kallsyms_boot_id = g_strdup (save->key->boot_id);
      srun->kallsyms_release = g_strdup (save->key->release);
      srun->kallsyms_modules = g_strdup (save->key->modules_sha256);
    }
  g_clear_pointer (&save->key, cs_kallsyms_key_free);
  g_clear_error (&save->error);
  g_free (save->file);
  g_free (save->path);
  g_free (save);
}
