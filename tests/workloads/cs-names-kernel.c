/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-names-kernel.c — a workload that spends its time in the kernel
 *
 *   cs-names-kernel [ROUNDS]   (default 200)
 *
 * System calls with little user work around them (getppid, read from
 * /dev/zero, write to /dev/null, stat), so that most samples name kernel
 * functions: the names tests compare the kernel aliases we choose from
 * kallsyms with perf report's. A fixed amount of work, no clock.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int
main (int    argc,
      char **argv)
{
  long rounds = argc > 1 ? atol (argv[1]) : 200;
  int zero = open ("/dev/zero", O_RDONLY);
  int null = open ("/dev/null", O_WRONLY);
  static char buf[65536];
  long sum = 0;

  for (long r = 0; r < rounds; r++)
    {
      struct stat st;

      for (int i = 0; i < 2000; i++)
        sum += getppid ();
      for (int i = 0; i < 50; i++)
        sum += read (zero, buf, sizeof buf);
      for (int i = 0; i < 50; i++)
        sum += write (null, buf, sizeof buf);
      for (int i = 0; i < 200; i++)
        sum += stat ("/", &st);
    }
  close (zero);
  close (null);
  return sum == 42;
}
