# derivation.tex.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = 'b915e8645bc974dcab7f0f324b5dc6838980f8689cbf78a342dc8a4d9836a7f1'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'derivation.tex.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_headings = resolve('headings')
    l_0_fragment = resolve('fragment')
    l_0_packages = resolve('packages')
    l_0_lang = resolve('lang')
    l_0_fill = resolve('fill')
    l_0_t = resolve('t')
    l_0_d = resolve('d')
    l_0_code = resolve('code')
    l_0_math = resolve('math')
    l_0_namespace = resolve('namespace')
    l_0_shares = resolve('shares')
    l_0_th = resolve('th')
    l_0_units = resolve('units')
    l_0_gaps = resolve('gaps')
    l_0_display = l_0_definitions = l_0_table_begin = l_0_table_end = l_0_need = l_0_top = l_0_sub = l_0_symbols = missing
    try:
        t_1 = environment.filters['breakable']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'breakable' found.")
    try:
        t_2 = environment.filters['format']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'format' found.")
    try:
        t_3 = environment.filters['int']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'int' found.")
    try:
        t_4 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_5 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_6 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_7 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_8 = environment.filters['reject']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No filter named 'reject' found.")
    try:
        t_9 = environment.filters['select']
    except KeyError:
        @internalcode
        def t_9(*unused):
            raise TemplateRuntimeError("No filter named 'select' found.")
    pass
    def macro(l_1_lines, l_1_label):
        t_10 = []
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        if l_1_label is missing:
            l_1_label = None
        pass
        t_10.extend((
            '\\symparambegin{',
            str((l_1_label or '')),
            '}\n',
        ))
        for l_2_line in l_1_lines:
            _loop_vars = {}
            pass
            t_10.extend((
                '\\symparamstep{',
                str(l_2_line),
                '}\n',
            ))
        l_2_line = missing
        t_10.append(
            '\\symparamend',
        )
        return concat(t_10)
    context.exported_vars.add('display')
    context.vars['display'] = l_0_display = Macro(environment, macro, 'display', ('lines', 'label'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_11 = []
        pass
        t_11.append(
            '\n% symparam\'s chains: "label = step = step ...", one step a line, aligned on "="; a step too wide\n% for the line is set in text style and breaks after + and - (never inside a product, rather\n% outside brackets than inside), its continuation indented. No page break falls inside a chain.\n\\ifdefined\\symparamlabelwidth\\else\n\\newlength{\\symparamlabelwidth}\\newlength{\\symparamhang}\\newlength{\\symparamroom}\n\\newlength{\\symparamnaturala}\\newlength{\\symparamnaturalb}\\newsavebox{\\symparambox}\n\\newcount\\symparamdepth\n\\fi\n{\\catcode`\\+=\\active\\gdef\\symparamplus{\\def+{\\mathbin{\\mathchar"202B}%\n  \\penalty\\ifcase\\symparamdepth 0\\or 700\\else 3000\\fi\\relax}}}\n\\providecommand{\\symparambegin}[1]{\\par\\begingroup\n  \\setlength{\\parskip}{0pt}\\setlength{\\parindent}{0pt}\\setlength{\\leftskip}{1em}%\n  \\rightskip=0pt plus 1fil\\relax\\interlinepenalty=10000\\relax\n  \\def\\symparamlabel{#1}\\def\\symparamnext{0}%\n  \\settowidth{\\symparamlabelwidth}{$\\displaystyle#1{}={}$}%\n  \\setlength{\\symparamhang}{\\symparamlabelwidth}%\n  \\ifdim\\symparamhang>0.4\\linewidth\\setlength{\\symparamhang}{2em}\\fi\n  \\nobreak\\vspace{0.3\\baselineskip}\\nobreak}\n\\providecommand{\\symparamstep}[1]{%\n  \\ifnum\\symparamnext=0\n    \\noindent\\hangindent=\\dimexpr\\symparamhang+1.5em\\relax\\hangafter=1\n    \\ifx\\symparamlabel\\empty\\hspace*{\\symparamlabelwidth}\\else$\\displaystyle\\symparamlabel{}={}$\\fi\n    \\setlength{\\symparamroom}{\\dimexpr\\linewidth-\\leftskip-\\symparamlabelwidth\\relax}%\n  \\else\n    \\par\\nobreak\\noindent\\hangindent=\\dimexpr\\symparamhang+1.5em\\relax\\hangafter=1\n    \\makebox[\\symparamhang][r]{$\\displaystyle{}={}$}%\n    \\setlength{\\symparamroom}{\\dimexpr\\linewidth-\\leftskip-\\symparamhang\\relax}%\n  \\fi\n  \\def\\symparamnext{1}\\symparamrhs{#1}}\n\\providecommand{\\symparamrhs}[1]{%\n  \\sbox{\\symparambox}{$\\displaystyle#1$}%\n  \\ifdim\\wd\\symparambox>\\symparamroom\n    \\begingroup\n    \\sbox{\\symparambox}{$#1$}%\n    \\edef\\symparamstrut{\\vrule height\\the\\ht\\symparambox\\space depth\\the\\dp\\symparambox\\space\n      width0pt\\relax}%\n    \\let\\symparamleft\\left\\let\\symparamright\\right\\symparamdepth=0\n    \\def\\left##1{\\mathopen{\\symparamleft##1\\symparamstrut\\symparamright.}%\n      \\advance\\symparamdepth 1\\relax}%\n    \\def\\right##1{\\advance\\symparamdepth -1\\relax\n      \\mathclose{\\symparamleft.\\symparamstrut\\symparamright##1}}%\n    \\medmuskip=4mu plus 2mu\\relax\\thickmuskip=5mu plus 5mu\\relax\\nulldelimiterspace=0pt\\relax\n    \\let\\symparamcdot\\cdot\\def\\cdot{\\symparamcdot\\nobreak}%\n    \\let\\symparamtimes\\times\\def\\times{\\symparamtimes\\nobreak}%\n    \\mathcode`\\+="8000\\relax\\symparamplus\n    $#1$%\n    \\endgroup\n  \\else\\usebox{\\symparambox}\\fi}\n\\providecommand{\\symparamend}{\\par\\endgroup\\vspace{0.3\\baselineskip}}\n% a page break here when less than #1 is left on the page (a heading stays with its table)\n\\providecommand{\\symparamneed}[1]{\\par\\begingroup\\dimen0=\\pagegoal\\advance\\dimen0-\\pagetotal\n  \\ifdim\\dimen0<#1\\relax\\ifdim\\dimen0>0pt\\vfil\\penalty-10000\\fi\\fi\\endgroup}\n',
        )
        return concat(t_11)
    context.exported_vars.add('definitions')
    context.vars['definitions'] = l_0_definitions = Macro(environment, macro, 'definitions', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_columns, l_1_natural, l_1_caller):
        t_12 = []
        l_1_flexible = l_1_ns = missing
        if l_1_columns is missing:
            l_1_columns = undefined("parameter 'columns' was not provided", name='columns')
        if l_1_natural is missing:
            l_1_natural = ()
        pass
        l_1_flexible = t_6(context.eval_ctx, t_8(context, l_1_columns, 'in', '<>'))
        l_1_ns = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), fixed='', index=0)
        if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
            pass
            t_12.append(
                '\\par\\smallskip\\begingroup\\small\\setlength{\\tabcolsep}{4pt}\\noindent\n\\begin{tabularx}{\\linewidth}{@{}',
            )
            for l_2_c in l_1_columns:
                l_2_kind = resolve('kind')
                l_2_weight = resolve('weight')
                _loop_vars = {}
                pass
                if (l_2_c == '<'):
                    pass
                    t_12.append(
                        'l',
                    )
                elif (l_2_c == '>'):
                    pass
                    t_12.append(
                        'r',
                    )
                else:
                    pass
                    (l_2_kind, l_2_weight) = context.call(environment.getattr(l_2_c, 'split'), ':', _loop_vars=_loop_vars)
                    _loop_vars.update({'kind': l_2_kind, 'weight': l_2_weight})
                    t_12.extend((
                        '>{',
                        str(('\\raggedright' if ((undefined(name='kind') if l_2_kind is missing else l_2_kind) == 'l') else '\\raggedleft')),
                        '\\arraybackslash\\hsize=',
                        str(t_2('%.3f', ((t_5((undefined(name='flexible') if l_1_flexible is missing else l_1_flexible)) * t_3((undefined(name='weight') if l_2_weight is missing else l_2_weight))) / 100))),
                        '\\hsize}X',
                    ))
            l_2_c = l_2_kind = l_2_weight = missing
            t_12.append(
                '@{}}\n',
            )
        else:
            pass
            l_2_loop = missing
            for l_2_cells, l_2_loop in LoopContext(l_1_natural, undefined):
                _loop_vars = {}
                pass
                t_12.extend((
                    '\\settowidth{\\symparamnatural',
                    str(environment.getitem('ab', environment.getattr(l_2_loop, 'index0'))),
                    '}{\\begin{tabular}{@{}l@{}}',
                    str(t_4(context.eval_ctx, l_2_cells, ' \\\\ ')),
                    '\\end{tabular}}\n',
                ))
                if not isinstance(l_1_ns, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_ns['fixed'] = str_join((environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'fixed'), '-\\symparamnatural', environment.getitem('ab', environment.getattr(l_2_loop, 'index0')), ))
            l_2_loop = l_2_cells = missing
            t_12.append(
                '\\begin{longtable}{@{}',
            )
            for l_2_c in l_1_columns:
                l_2_kind = resolve('kind')
                l_2_weight = resolve('weight')
                _loop_vars = {}
                pass
                if (l_2_c in '<>'):
                    pass
                    t_12.extend((
                        '>{',
                        str(('\\raggedright' if (l_2_c == '<') else '\\raggedleft')),
                        '\\arraybackslash}p{\\symparamnatural',
                        str(environment.getitem('ab', environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'index'))),
                        '}',
                    ))
                    if not isinstance(l_1_ns, Namespace):
                        raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                    l_1_ns['index'] = (environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'index') + 1)
                else:
                    pass
                    (l_2_kind, l_2_weight) = context.call(environment.getattr(l_2_c, 'split'), ':', _loop_vars=_loop_vars)
                    _loop_vars.update({'kind': l_2_kind, 'weight': l_2_weight})
                    t_12.extend((
                        '>{',
                        str(('\\raggedright' if ((undefined(name='kind') if l_2_kind is missing else l_2_kind) == 'l') else '\\raggedleft')),
                        '\\arraybackslash}p{\\dimexpr(\\linewidth',
                        str(environment.getattr((undefined(name='ns') if l_1_ns is missing else l_1_ns), 'fixed')),
                        '-',
                        str((2 * (t_5(l_1_columns) - 1))),
                        '\\tabcolsep)*',
                        str((undefined(name='weight') if l_2_weight is missing else l_2_weight)),
                        '/100\\relax}',
                    ))
            l_2_c = l_2_kind = l_2_weight = missing
            t_12.append(
                '@{}}\n',
            )
        t_12.extend((
            '\\toprule\n',
            str(context.call(l_1_caller)),
            ' \\\\\n\\midrule\n',
        ))
        if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
            pass
            t_12.append(
                '\\endhead\n',
            )
        return concat(t_12)
    context.exported_vars.add('table_begin')
    context.vars['table_begin'] = l_0_table_begin = Macro(environment, macro, 'table_begin', ('columns', 'natural'), False, False, True, context.eval_ctx.autoescape)
    def macro():
        t_13 = []
        pass
        t_13.append(
            '\\bottomrule\n',
        )
        if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
            pass
            t_13.append(
                '\\end{tabularx}\n\\par\\endgroup\\smallskip\n',
            )
        else:
            pass
            t_13.append(
                '\\end{longtable}\n',
            )
        return concat(t_13)
    context.exported_vars.add('table_end')
    context.vars['table_end'] = l_0_table_end = Macro(environment, macro, 'table_end', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_lines):
        t_14 = []
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        pass
        if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
            pass
            t_14.extend((
                '\\symparamneed{',
                str(l_1_lines),
                '\\baselineskip}\n',
            ))
        return concat(t_14)
    context.exported_vars.add('need')
    context.vars['need'] = l_0_need = Macro(environment, macro, 'need', ('lines',), False, False, False, context.eval_ctx.autoescape)
    l_0_top = str_join((context.call((undefined(name='need') if l_0_need is missing else l_0_need), 6), '\\', environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 0), ))
    context.vars['top'] = l_0_top
    context.exported_vars.add('top')
    l_0_sub = str_join(('\\', environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 1), ))
    context.vars['sub'] = l_0_sub
    context.exported_vars.add('sub')
    if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
        pass
        yield '% requires: \\usepackage{'
        yield str(t_4(context.eval_ctx, (undefined(name='packages') if l_0_packages is missing else l_0_packages), ','))
        yield '}\n'
        if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) != 'en'):
            pass
            yield '% compile with xelatex and set a '
            yield str(('Chinese' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh') else 'Korean'))
            yield ' font, e.g. '
            yield str(('\\setCJKmainfont{Noto Serif CJK SC}' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh') else '\\setmainhangulfont{Noto Serif CJK KR}'))
            yield '\n'
        yield '% Generated by symparam: the body of a derivation, to paste into a document.\n'
        yield str(context.call((undefined(name='definitions') if l_0_definitions is missing else l_0_definitions)))
        yield '\n\\begingroup\\raggedright\n'
    else:
        pass
        yield '% Generated by symparam. Compile with '
        yield str(('pdflatex' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'en') else 'xelatex'))
        yield '.\n\\documentclass[11pt]{article}\n\\usepackage[margin=2.2cm]{geometry}\n\\usepackage{amsmath}\n\\usepackage{array}\n\\usepackage{booktabs}\n\\usepackage{longtable}\n'
        if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'en'):
            pass
            yield '\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n\\usepackage{textcomp}\n'
        elif ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh'):
            pass
            yield '\\usepackage{xeCJK}\n\\setCJKmainfont{Noto Serif CJK SC}\n\\setCJKsansfont{Noto Sans CJK SC}\n\\setCJKmonofont{Noto Sans Mono CJK SC}\n'
        else:
            pass
            yield '\\usepackage{xetexko}\n\\setmainhangulfont{Noto Serif CJK KR}\n\\setsanshangulfont{Noto Sans CJK KR}\n\\setmonohangulfont{Noto Sans Mono CJK KR}\n'
        yield '\\setlength{\\parindent}{0pt}\n\\setlength{\\parskip}{0.6em}\n'
        yield str(context.call((undefined(name='definitions') if l_0_definitions is missing else l_0_definitions)))
        yield '\n\\title{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'title'), model=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'model')))
        yield '}\n\\date{}\n\\begin{document}\n\\raggedright\n\\maketitle\n'
    yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'intro_symbolic'), family=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'family'), architecture=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'architecture')))
        yield '\n'
    else:
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'intro'), architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'architecture')), names=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'named_parameters()')))
        yield '\n'
    if (environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'description') and (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'))):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'description'), description=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'description')))
        yield '\n'
    for l_1_paragraph in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reading'):
        _loop_vars = {}
        pass
        yield '\n'
        yield str(l_1_paragraph)
        yield '\n'
    l_1_paragraph = missing
    if (environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count') != 'P'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'count_letter'), count=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')), patch=context.call((undefined(name='math') if l_0_math is missing else l_0_math), 'P')))
        yield '\n'
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'summary'))
    yield '}\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'summary_parts'))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        def macro():
            t_15 = []
            pass
            t_15.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'params')),
            ))
            return concat(t_15)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:36', 'l:64'], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_p, 'formula'), _loop_vars=_loop_vars))
            yield ' \\\\\n'
        l_1_p = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n'
    else:
        pass
        l_0_shares = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')])
        context.vars['shares'] = l_0_shares
        context.exported_vars.add('shares')
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            if not isinstance(l_0_shares, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_0_shares['cells'] = (environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells') + [context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_p, 'share'), _loop_vars=_loop_vars)])
        l_1_p = l_1_esc = missing
        def macro():
            t_16 = []
            pass
            t_16.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')),
            ))
            return concat(t_16)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>', '>'], [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count')] + t_6(context.eval_ctx, t_7(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'), attribute='value'))), environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells')], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'parts'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(environment.getattr(l_1_p, 'value'))
            yield ' & '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_p, 'share'), _loop_vars=_loop_vars))
            yield ' \\\\\n'
        l_1_p = l_1_esc = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n'
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'summary_layer'), name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer_name'))))
        yield '\n\\begin{itemize}\n'
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'layer'):
            _loop_vars = {}
            pass
            yield '\\item '
            yield str((context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kind_share'), kind=environment.getattr(l_1_k, 'kind'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars), value=environment.getattr(l_1_k, 'value'), share=environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars) if environment.getattr(l_1_k, 'value') else context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kind_formula'), kind=environment.getattr(l_1_k, 'kind'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars), _loop_vars=_loop_vars)))
            yield '\n'
        l_1_k = missing
        yield '\\end{itemize}\n'
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb'):
        pass
        l_0_th = environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'thumb')
        context.vars['th'] = l_0_th
        context.exported_vars.add('th')
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'thumb_intro'))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), ([str_join((environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), ' \\approx ', environment.getitem(environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'lines'), 0), ))] + environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'lines')[1:])))
        yield '\n'
        for l_1_note in environment.getattr((undefined(name='th') if l_0_th is missing else l_0_th), 'notes'):
            _loop_vars = {}
            pass
            yield '\n'
            yield str(l_1_note)
            yield '\n'
        l_1_note = missing
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'):
        pass
        yield '\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closest'), architecture=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'architecture')), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'value'), percent=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'summary'), 'closest'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
        yield '\n'
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'hyperparameters'))
    yield '}\n\n'
    l_0_symbols = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'symbol')])
    context.vars['symbols'] = l_0_symbols
    context.exported_vars.add('symbols')
    for l_1_h in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'hyper'):
        _loop_vars = {}
        pass
        if not isinstance(l_0_symbols, Namespace):
            raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
        l_0_symbols['cells'] = (environment.getattr((undefined(name='symbols') if l_0_symbols is missing else l_0_symbols), 'cells') + [context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'symbol'), _loop_vars=_loop_vars)])
    l_1_h = missing
    def macro():
        t_17 = []
        pass
        t_17.extend((
            str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'symbol')),
            ' & ',
            str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'meaning')),
            ' &',
        ))
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            t_17.extend((
                ' ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'value')),
                ' &',
            ))
        t_17.extend((
            ' ',
            str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'key')),
        ))
        return concat(t_17)
    caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
    yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (['<', 'l:60', 'l:40'] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else ['<', 'l:42', 'R:22', 'l:36']), [environment.getattr((undefined(name='symbols') if l_0_symbols is missing else l_0_symbols), 'cells')], caller=caller)
    for l_1_h in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'hyper'):
        l_1_esc = resolve('esc')
        _loop_vars = {}
        pass
        yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'symbol'), _loop_vars=_loop_vars))
        yield ' & '
        yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_h, 'meaning'), _loop_vars=_loop_vars))
        yield ' &'
        if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
            pass
            yield ' '
            yield str((environment.getattr(l_1_h, 'value') or environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
            if environment.getattr(l_1_h, 'assumed'):
                pass
                yield ' ('
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_h, 'assumed'), _loop_vars=_loop_vars))
                yield ')'
            yield ' &'
        yield ' '
        yield str((context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_h, 'key'), _loop_vars=_loop_vars) if environment.getattr(l_1_h, 'key') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
        yield ' \\\\\n'
    l_1_h = l_1_esc = missing
    yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
    yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'assumptions'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'assumptions'))
        yield '\n\\begin{itemize}\n'
        for l_1_a in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'assumptions'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_a, 'tex'), _loop_vars=_loop_vars))
            yield ': '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_a, 'reason'), _loop_vars=_loop_vars))
            yield '\n'
        l_1_a = l_1_esc = missing
        yield '\\end{itemize}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'options'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'options'))
        yield '\n\\begin{itemize}\n'
        for l_1_o in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'options'):
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), str_join((environment.getattr(l_1_o, 'name'), '=', environment.getattr(l_1_o, 'value'), )), _loop_vars=_loop_vars))
            yield ': '
            yield str(environment.getattr(l_1_o, 'help'))
            yield '\n'
        l_1_o = missing
        yield '\\end{itemize}\n'
    yield '\n'
    yield str(context.call((undefined(name='need') if l_0_need is missing else l_0_need), 14))
    yield '\\'
    yield str(environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 0))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'components'))
    yield '}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'transposed'):
        pass
        yield '\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'note_transposed'))
        yield '\n'
    l_1_loop = missing
    for l_1_s, l_1_loop in LoopContext(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'sections'), undefined):
        l_1_columns = resolve('columns')
        l_1_biases = l_1_counts = missing
        _loop_vars = {}
        pass
        yield '\n'
        yield str((context.call((undefined(name='need') if l_0_need is missing else l_0_need), 8, _loop_vars=_loop_vars) if (not environment.getattr(l_1_loop, 'first')) else cond_expr_undefined("the inline if-expression on line 256 in 'derivation.tex.j2' evaluated to false and no else section was defined.")))
        yield str((undefined(name='sub') if l_0_sub is missing else l_0_sub))
        yield '{'
        l_2_loop = missing
        for l_2_n, l_2_loop in LoopContext(environment.getattr(l_1_s, 'names'), undefined):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), l_2_n, _loop_vars=_loop_vars))
            yield str((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 256 in 'derivation.tex.j2' evaluated to false and no else section was defined.")))
        l_2_loop = l_2_n = missing
        yield '}\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'section_layer'), prefix=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_s, 'layer_prefix'), _loop_vars=_loop_vars), count=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'count'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            yield '\n'
        l_1_biases = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias'), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')], _loop_vars=_loop_vars)
        _loop_vars['biases'] = l_1_biases
        def t_18(fiter):
            for l_2_r in fiter:
                if environment.getattr(l_2_r, 'bias'):
                    yield l_2_r
        for l_2_r in t_18(environment.getattr(l_1_s, 'rows')):
            _loop_vars = {}
            pass
            if not isinstance(l_1_biases, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_1_biases['cells'] = (environment.getattr((undefined(name='biases') if l_1_biases is missing else l_1_biases), 'cells') + [context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'bias'), _loop_vars=_loop_vars)])
        l_2_r = missing
        l_1_counts = ([] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count'), '+0'] + t_6(context.eval_ctx, t_9(context, t_7(context, environment.getattr(l_1_s, 'rows'), attribute='value'))))])
        _loop_vars['counts'] = l_1_counts
        if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
            pass
            l_1_columns = (['l:36', 'l:30', 'l:34'] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else ['l:38', 'l:28', 'l:34', '>'])
            _loop_vars['columns'] = l_1_columns
        else:
            pass
            l_1_columns = (['l:42', 'l:24', '<', 'l:34'] + ([] if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic') else ['>']))
            _loop_vars['columns'] = l_1_columns
        def macro():
            t_19 = []
            pass
            t_19.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'module')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'shape')),
                ' &',
            ))
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                t_19.extend((
                    ' ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias')),
                    ' &',
                ))
            t_19.extend((
                ' ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'params')),
            ))
            if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
                pass
                t_19.extend((
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'count')),
                ))
            return concat(t_19)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (undefined(name='columns') if l_1_columns is missing else l_1_columns), ((undefined(name='counts') if l_1_counts is missing else l_1_counts) if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ([environment.getattr((undefined(name='biases') if l_1_biases is missing else l_1_biases), 'cells')] + (undefined(name='counts') if l_1_counts is missing else l_1_counts))), caller=caller, _loop_vars=_loop_vars)
        for l_2_r in environment.getattr(l_1_s, 'rows'):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), (t_1(environment.getattr(l_2_r, 'shape')) if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else environment.getattr(l_2_r, 'shape')), _loop_vars=_loop_vars))
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                yield ' & '
                yield str((context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_2_r, 'bias'), _loop_vars=_loop_vars) if environment.getattr(l_2_r, 'bias') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'none')))
            elif environment.getattr(l_2_r, 'bias'):
                pass
                yield '\\newline '
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bias'))
                yield ': '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_1(environment.getattr(l_2_r, 'bias')), _loop_vars=_loop_vars))
            yield ' & '
            if environment.getattr(l_2_r, 'tied_to'):
                pass
                yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tied_row'), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_2_r, 'tied_to'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            else:
                pass
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), (t_1(environment.getattr(l_2_r, 'params')) if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else environment.getattr(l_2_r, 'params')), _loop_vars=_loop_vars))
            if (not environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic')):
                pass
                yield ' & '
                yield str(('+0' if environment.getattr(l_2_r, 'tied_to') else environment.getattr(l_2_r, 'value')))
            yield ' \\\\\n'
        l_2_r = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end), _loop_vars=_loop_vars))
        yield '\n\n'
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'layer_sum') if environment.getattr(l_1_s, 'repeat') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'part_sum')))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(l_1_s, 'lines'), environment.getattr(l_1_s, 'label'), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_s, 'repeat'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'stack_sum'))
            yield '\n'
            yield str((context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines')[1:], environment.getitem(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines'), 0), _loop_vars=_loop_vars) if (t_5(environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines')) > 1) else context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr(l_1_s, 'repeat'), 'lines'), _loop_vars=_loop_vars)))
            yield '\n'
    l_1_loop = l_1_s = l_1_biases = l_1_counts = l_1_columns = missing
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'total'))
    yield '}\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sum_of_parts'))
    yield '\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'total_lines'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'closed_form'))
    yield '\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'closed'), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count')))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'symbolic'):
        pass
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final_symbolic') if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'squares') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final_symbolic_plain')))
        yield '\n'
    else:
        pass
        yield '\\textbf{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'final'), value=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
        yield '}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'):
        pass
        yield '\n'
        yield str((environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro_shared') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'shared') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_intro')))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'lines'), str_join((environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), '_{\\mathrm{active}}', ))))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'):
            pass
            yield '\n\\textbf{'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'active_final'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'active'), 'value'), total=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value')))
            yield '}\n'
    yield '\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'tied'))
    yield '}\n\n'
    t_20 = 1
    for l_1_tie in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'ties'):
        _loop_vars = {}
        pass
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tie'), name=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'name'), _loop_vars=_loop_vars), owner=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_tie, 'owner'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
        yield '\n'
        if environment.getattr(l_1_tie, 'total_untied'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'tie_untied'), untied=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_4(context.eval_ctx, environment.getattr(l_1_tie, 'lines'), ' = '), _loop_vars=_loop_vars), total=environment.getattr(l_1_tie, 'total_untied'), value=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'value'), _loop_vars=_loop_vars))
            yield '\n'
        yield '\n'
        t_20 = 0
    l_1_tie = missing
    if t_20:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_ties'))
        yield '\n\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'dropouts'))
    yield '}\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'kept'), symbols=context.call((undefined(name='math') if l_0_math is missing else l_0_math), t_4(context.eval_ctx, environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'kept'), ',\\allowbreak '))))
    yield '\n\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'dropouts'):
        pass
        yield '\\begin{itemize}\n'
        for l_1_drop in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'dropouts'):
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), str_join(('drop_', environment.getattr(l_1_drop, 'kind'), ))), symbol=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'symbol'), _loop_vars=_loop_vars), assumption=(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'assumption'), _loop_vars=_loop_vars) if environment.getattr(l_1_drop, 'assumption') else ''), whole=(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_drop, 'whole'), _loop_vars=_loop_vars) if environment.getattr(l_1_drop, 'whole') else ''), _loop_vars=_loop_vars))
            yield '\n'
            for l_2_chain in environment.getattr(l_1_drop, 'chains'):
                _loop_vars = {}
                pass
                yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), [l_2_chain], _loop_vars=_loop_vars))
                yield '\n'
            l_2_chain = missing
        l_1_drop = missing
        yield '\\end{itemize}\n'
    else:
        pass
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'no_drops'))
        yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'memory'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'memory_intro'), mib=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'mib')), mb=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'mb')), gib=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'gib')), gb=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr((undefined(name='units') if l_0_units is missing else l_0_units), 'gb'))))
        yield '\n\n'
        if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
            pass
            yield '\\begin{itemize}\n'
            for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
                _loop_vars = {}
                pass
                yield '\\item '
                yield str(environment.getattr(l_1_m, 'dtype'))
                yield ': '
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes_per_param'))
                yield ' '
                yield str(environment.getattr(l_1_m, 'per'))
                yield '; '
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes'))
                yield ' '
                yield str(environment.getattr(l_1_m, 'bytes'))
                yield '; '
                yield str(environment.getattr(l_1_m, 'binary'))
                yield '; '
                yield str(environment.getattr(l_1_m, 'decimal'))
                yield '\n'
            l_1_m = missing
            yield '\\end{itemize}\n'
        else:
            pass
            def macro():
                t_21 = []
                pass
                t_21.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'dtype')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes_per_param')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'bytes')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'binary')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'decimal')),
                ))
                return concat(t_21)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:16', 'R:21', 'R:23', 'R:20', 'R:20'], caller=caller)
            for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory'):
                _loop_vars = {}
                pass
                yield str(environment.getattr(l_1_m, 'dtype'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'per'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'bytes'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'binary'))
                yield ' & '
                yield str(environment.getattr(l_1_m, 'decimal'))
                yield ' \\\\\n'
            l_1_m = missing
            yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
            yield '\n'
        yield '\n'
        for l_1_m in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'memory')[:1]:
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), [environment.getattr(l_1_m, 'line')], _loop_vars=_loop_vars))
            yield '\n'
        l_1_m = missing
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'reported'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported'), params=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'params'), source=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'source'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'percent'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below'))))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'):
            pass
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported_recount'), changes=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'changes')), actual=context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'actual')), why=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'why'), value=environment.getattr(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'recount'), 'value')))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'note'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'reported_note'), note=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'reported'), 'note')))
            yield '\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'headings'), 'compute'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), (environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_intro_one') if (environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'batch') == 1) else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_intro')), batch=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'batch'), seq=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'seq'), counter=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'torch.utils.flop_counter')))
        yield '\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'lines'), 'C'))
        yield '\n\n'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_kinds'))
        yield '\n\n'
        l_0_shares = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')])
        context.vars['shares'] = l_0_shares
        context.exported_vars.add('shares')
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            if not isinstance(l_0_shares, Namespace):
                raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
            l_0_shares['cells'] = (environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells') + [context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars)])
        l_1_k = l_1_esc = missing
        def macro():
            t_22 = []
            pass
            t_22.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'kind')),
                ' &',
            ))
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                t_22.extend((
                    ' ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'formula')),
                    ' &',
                ))
            t_22.extend((
                ' ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'share')),
            ))
            return concat(t_22)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (['l:100', '>', '>'] if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ['l:34', 'l:66', '>', '>']), [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')] + t_6(context.eval_ctx, t_7(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'), attribute='flops'))), environment.getattr((undefined(name='shares') if l_0_shares is missing else l_0_shares), 'cells')], caller=caller)
        for l_1_k in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'kinds'):
            l_1_esc = resolve('esc')
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'kind'), _loop_vars=_loop_vars))
            yield ' &'
            if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                pass
                yield ' '
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_k, 'formula'), _loop_vars=_loop_vars))
                yield ' &'
            yield ' '
            yield str(environment.getattr(l_1_k, 'flops'))
            yield ' & '
            yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_k, 'share'), _loop_vars=_loop_vars))
            yield ' \\\\\n'
        l_1_k = l_1_esc = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rule'), rule=context.call((undefined(name='math') if l_0_math is missing else l_0_math), str_join(('2 ', environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'count'), ' B s', ))), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule'), percent=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_gap'), side=(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'above_exact') if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rule_above') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'below_exact'))))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_training'), formula=context.call((undefined(name='math') if l_0_math is missing else l_0_math), '3 C'), value=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'training')))
        yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
            pass
            yield '\n'
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_rules'), tokens=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'tokens')))
            yield '\n\n'
            l_0_gaps = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), cells=[environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'gap')])
            context.vars['gaps'] = l_0_gaps
            context.exported_vars.add('gaps')
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
                l_1_esc = resolve('esc')
                _loop_vars = {}
                pass
                if not isinstance(l_0_gaps, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_0_gaps['cells'] = (environment.getattr((undefined(name='gaps') if l_0_gaps is missing else l_0_gaps), 'cells') + [context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_r, 'gap'), _loop_vars=_loop_vars)])
            l_1_r = l_1_esc = missing
            def macro():
                t_23 = []
                pass
                t_23.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'rule')),
                    ' &',
                ))
                if (not (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment)):
                    pass
                    t_23.extend((
                        ' ',
                        str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'defined')),
                        ' &',
                    ))
                t_23.extend((
                    ' ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')),
                    ' & ',
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'gap')),
                ))
                return concat(t_23)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), (['l:100', '>', '>'] if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ['l:22', 'l:78', '>', '>']), [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')] + t_6(context.eval_ctx, t_7(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'), attribute='value'))), environment.getattr((undefined(name='gaps') if l_0_gaps is missing else l_0_gaps), 'cells')], caller=caller)
            for l_1_r in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'rules'):
                l_1_esc = resolve('esc')
                _loop_vars = {}
                pass
                yield str(context.call((undefined(name='math') if l_0_math is missing else l_0_math), environment.getattr(l_1_r, 'formula'), _loop_vars=_loop_vars))
                yield str((': ' if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment) else ' & '))
                yield str(environment.getattr(l_1_r, 'defined'))
                yield ' & '
                yield str(environment.getattr(l_1_r, 'value'))
                yield ' & '
                yield str(context.call((undefined(name='esc') if l_1_esc is missing else l_1_esc), environment.getattr(l_1_r, 'gap'), _loop_vars=_loop_vars))
                yield ' \\\\\n'
            l_1_r = l_1_esc = missing
            yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
            yield '\n'
        if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'idle'):
            pass
            yield '\n'
            yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_idle'))
            yield '\n'
        yield '\n'
        def macro():
            t_24 = []
            pass
            t_24.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'part')),
                ' & ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')),
            ))
            return concat(t_24)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>'], [([environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'columns'), 'flops')] + t_6(context.eval_ctx, t_7(context, environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'parts'), attribute='flops')))], caller=caller)
        for l_1_p in environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'parts'):
            _loop_vars = {}
            pass
            yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_p, 'name'), _loop_vars=_loop_vars))
            yield ' & '
            yield str(environment.getattr(l_1_p, 'flops'))
            yield ' \\\\\n'
        l_1_p = missing
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n\n\\textbf{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'compute_result'), flops=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'flops'), macs=environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'compute'), 'macs')))
        yield '}\n'
    yield '\n'
    if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
        pass
        yield '\\par\\endgroup\n'
    else:
        pass
        yield '\\vfill\n\\emph{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
        yield '}\n\\end{document}\n'

blocks = {}
debug_info = '5=80&6=89&7=92&8=97&12=107&72=116&73=124&74=125&75=126&78=131&79=136&82=164&83=169&84=176&87=181&88=186&92=219&94=222&98=230&100=236&109=249&111=264&112=267&113=270&114=273&115=275&116=278&119=283&122=288&129=290&133=293&146=300&147=302&154=305&155=307&157=311&159=313&161=316&163=318&165=322&167=325&169=328&172=331&174=335&176=337&177=339&178=343&177=349&180=350&181=353&183=358&185=362&186=365&187=373&188=377&187=385&190=386&191=390&193=397&195=399&197=402&199=404&200=408&204=412&205=414&207=418&208=420&209=422&211=426&214=429&216=432&219=435&221=439&222=442&223=449&224=453&223=471&226=472&227=476&229=494&230=496&232=499&234=501&235=506&239=512&241=515&243=517&244=521&249=528&250=534&252=537&254=540&256=546&257=557&259=560&263=562&264=564&265=575&266=577&267=579&269=583&271=585&272=589&271=613&274=614&275=617&277=643&279=645&280=647&281=649&283=652&284=654&288=658&290=662&291=664&293=666&294=668&296=670&297=672&299=677&301=679&303=682&304=684&305=686&307=689&311=692&313=697&314=700&315=702&316=704&320=711&323=713&325=717&327=719&329=722&330=726&331=728&332=731&337=738&339=740&341=743&343=747&345=749&347=752&348=756&352=774&353=778&352=790&355=791&356=794&358=805&361=808&362=811&365=814&367=817&369=821&370=823&371=825&373=827&375=830&378=832&380=835&382=839&383=841&385=843&387=845&388=848&390=856&391=860&390=878&393=879&394=883&396=896&398=898&400=900&401=902&403=905&405=907&406=910&408=918&409=922&408=940&411=941&412=945&414=954&416=956&418=959&421=962&422=966&421=972&424=973&425=976&427=981&429=983&432=986&436=992'
