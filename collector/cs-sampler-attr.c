/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-sampler-attr.c — the perf_event_attr of a sampled event
 *
 * What perf record sets for the same options: sample_type, the rate and
 * its kernel limit, call chains or DWARF stack copies, registers, and on
 * the first event the side-band records (mmap, comm, task) readers need.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cs-collector-error.h"
#include "cs-sampler-private.h"

static guint64
max_sample_rate (void)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents ("/proc/sys/kernel/perf_event_max_sample_rate", &contents, NULL, NULL))
    return 0;
  return g_ascii_strtoull (contents, NULL, 10);
}

gboolean
_cs_sampler_configure_attr (struct perf_event_attr  *attr,
                            const char              *name,
                            const CsSamplerOptions  *options,
                            gboolean                 tracking,
                            gboolean                 attach,
                            gsize                    buffer_size,
                            GError                 **error)
{
  attr->size = sizeof *attr;

  attr->sample_type = CS_SAMPLER_SAMPLE_TYPE;
  if (options->callchain)
    {
      attr->sample_type |= PERF_SAMPLE_CALLCHAIN;
      /* Kernel frames are dropped anyway when the kernel is excluded;
       * not collecting them saves the walk. */
      attr->exclude_callchain_kernel = attr->exclude_kernel;
    }
  if (options->user_regs)
    {
#if defined(__x86_64__)
      attr->sample_type |= PERF_SAMPLE_REGS_USER;
      attr->sample_regs_user = CS_SAMPLER_REGS_USER_MASK_X86_64;
#else
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                   _("Sampling registers (--regs) is only implemented for x86-64"));
      return FALSE;
#endif
    }
  if (options->stack_user > 0)
    {
      if (options->stack_user % 8 != 0 || options->stack_user > CS_SAMPLER_MAX_STACK_USER)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_FAILED,
                       _("Cannot copy %u bytes of stack per sample: use a multiple of 8 up to %u"),
                       options->stack_user, CS_SAMPLER_MAX_STACK_USER);
          return FALSE;
        }
      /* As perf record --call-graph dwarf: the kernel walks its own part,
       * the user part is unwound from the copy when the file is read. */
      attr->sample_type |= PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
      attr->exclude_callchain_user = 1;
      attr->exclude_callchain_kernel = attr->exclude_kernel;
      attr->sample_stack_user = options->stack_user;
#if defined(__x86_64__)
      attr->sample_regs_user |= CS_SAMPLER_REGS_USER_MASK_X86_64;
#elif defined(__aarch64__)
      attr->sample_regs_user |= CS_SAMPLER_REGS_USER_MASK_ARM64;
#else
      g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                   _("DWARF call graphs are only implemented for x86-64 and aarch64: "
                     "record with --call-graph fp"));
      return FALSE;
#endif
    }

  if (options->frequency > 0)
    {
      attr->freq = 1;
      attr->sample_freq = options->frequency;
    }
  else if (options->period > 0)
    {
      attr->freq = 0;
      attr->sample_period = options->period;
    }
  else if (attr->sample_period == 0)
    {
      attr->freq = 1;
      attr->sample_freq = CS_SAMPLER_DEFAULT_FREQUENCY;
    }

  if (attr->freq)
    {
      guint64 limit = max_sample_rate ();

      /* The kernel only says EINVAL; say which limit and how to lift it. */
      if (limit > 0 && attr->sample_freq > limit)
        {
          g_set_error (error, CS_COLLECTOR_ERROR, CS_COLLECTOR_ERROR_UNSUPPORTED,
                       _("Cannot sample “%s” at %" PRIu64 " Hz: the kernel allows at most "
                         "%" PRIu64 " Hz (kernel.perf_event_max_sample_rate); use "
                         "-F %" PRIu64 " or raise the limit with sysctl"),
                       name, (guint64) attr->sample_freq, limit, limit);
          return FALSE;
        }
    }

  /* Counting starts when the child execs the program, and follows every
   * thread and child process it creates. A running process we attach to
   * execs nothing: its events are enabled once all are open and what
   * exists already has been described (cs_sampler_enable()). */
  attr->disabled = 1;
  attr->enable_on_exec = !attach;
  attr->inherit = 1;
  attr->sample_id_all = 1;

  /* Wake the reader when half the buffer is used rather than per sample. */
  attr->watermark = 1;
  attr->wakeup_watermark = (guint32) (buffer_size / 2);

  if (tracking)
    {
      attr->mmap = 1;
      attr->mmap2 = 1;
      attr->comm = 1;
      attr->comm_exec = 1;
      attr->task = 1;
      /* DWARF unwinding reads the files' read-only segments too (the
       * .eh_frame_hdr that perf's libunwind looks up by address): their
       * maps must be recorded, as perf record --call-graph dwarf does.
       * With registers the memory view reconstructs data addresses; the
       * data mappings name them ([heap], a file) and tell which memory two
       * processes share (MMAP2's device, inode and offset). */
      attr->mmap_data = options->stack_user > 0 || options->user_regs;
    }
  return TRUE;
}
